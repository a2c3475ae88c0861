import type { Connection } from '@mcpforge/wire';
import { fromWebSocket } from '@mcpforge/wire/ws';

/**
 * What `fromWebSocket` needs of a socket: the `ws` package's `WebSocket` fits, and so does any
 * emitter with the same members (the public core duck-types it too).
 */
export interface WebSocketLike {
  readonly readyState: number;
  on(event: string, listener: (...args: never[]) => void): unknown;
  once(event: string, listener: (...args: never[]) => void): unknown;
  off(event: string, listener: (...args: never[]) => void): unknown;
  send(data: string): void;
  close(code?: number): void;
}

export function fromDuckWebSocket(ws: WebSocketLike): Connection {
  // Wire only calls the members above; its parameter type is `ws`'s class.
  return fromWebSocket(ws as unknown as Parameters<typeof fromWebSocket>[0], { requestTimeoutMs: 0 });
}
