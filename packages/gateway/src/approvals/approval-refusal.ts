/**
 * Why the gateway refuses to open an approval request for a call: its arguments are larger
 * than a request keeps, or the calling key or agent already has as many requests waiting for a
 * person as it may. Nothing is stored and nothing is executed; the MCP surface answers the
 * code as a structured tool error (approval-result.ts).
 * @module
 */

/** The tool error codes of a refused request (rows of the gateway's tool-error table). */
export type ApprovalRefusalCode = 'approval_arguments_too_large' | 'approval_queue_full';

/** A call that may not become an approval request. `message` is for the operator log, never the client. */
export class ApprovalRefusal extends Error {
  override readonly name = 'ApprovalRefusal';
  readonly code: ApprovalRefusalCode;

  constructor(code: ApprovalRefusalCode, message: string) {
    super(message);
    this.code = code;
  }
}
