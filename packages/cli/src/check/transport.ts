/**
 * What the checks need from a connection to an MCP server, whatever carries it (a child's
 * stdio or Streamable HTTP): requests whose every outcome is a value, never a throw or a hang.
 * @module
 */

/** The era a request is sent in: `initialize` sessions or per-request `_meta`. */
export type CheckEra = 'legacy' | 'modern';

/** How one request ended. */
export type RpcOutcome =
  | { kind: 'result'; result: unknown }
  | { kind: 'error'; code: number; message: string; data?: unknown }
  /** No answer within the step's timeout. */
  | { kind: 'timeout'; timeoutMs: number }
  /** The server went away or answered something that is not a JSON-RPC response. */
  | {
      kind: 'failed';
      reason: string /** The HTTP status, when the server refused the request. */;
      status?: number;
      /** Nothing answered at the address (refused, no such host): the server is not running there. */
      unreachable?: boolean;
    };

/** Per-request settings. */
export interface SendOptions {
  timeoutMs: number;
  era: CheckEra;
  /** The tool name of a `tools/call` (modern HTTP sends it as `Mcp-Name`). */
  name?: string | undefined;
  /** Tool arguments sent as `Mcp-Param-*` headers on modern HTTP, by header name. */
  headerParams?: Readonly<Record<string, string | number | boolean>> | undefined;
}

/** One connection (a process, or an HTTP session) to the server under check. */
export interface McpTransport {
  request(method: string, params: Record<string, unknown>, options: SendOptions): Promise<RpcOutcome>;
  /** Sends a notification; a failure is returned as its reason. */
  notify(method: string, params: Record<string, unknown>, options: SendOptions): Promise<string | undefined>;
  /** Things the transport saw that a host would trip on (non-JSON output, a crash), in order. */
  problems(): readonly string[];
  /** Ends the connection; a child process is always gone when this settles. */
  close(): Promise<void>;
}

/** Opens a fresh connection: a new process, or a new HTTP session. */
export type TransportFactory = () => McpTransport;

/** The outcome as a short phrase for a report line. */
export function describeOutcome(outcome: RpcOutcome): string {
  switch (outcome.kind) {
    case 'result':
      return 'a result';
    case 'error':
      return `JSON-RPC error ${outcome.code} (${outcome.message.slice(0, 120)})`;
    case 'timeout':
      return `no answer within ${outcome.timeoutMs} ms`;
    case 'failed':
      return outcome.reason;
  }
}
