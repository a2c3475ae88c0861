/** Why the toolset runtime refused something the server author asked for. */
export type ToolsetErrorCode =
  | 'ERR_TOOLSET_DEFINITION'
  | 'ERR_TOOLSET_NO_CONNECTION'
  | 'ERR_TOOLSET_ACCESS_DENIED'
  | 'ERR_TOOLSET_ACCESS_INVALID';

/** A local failure of the toolset runtime (a peer's bad request is a JSON-RPC error instead). */
export class ToolsetError extends Error {
  readonly code: ToolsetErrorCode;

  constructor(code: ToolsetErrorCode, message: string) {
    super(message);
    this.name = 'ToolsetError';
    this.code = code;
  }
}
