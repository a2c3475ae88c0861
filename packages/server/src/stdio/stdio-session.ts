import type { Connection, JsonRpcMessage } from '@mcpforge/wire';
import { createSessionState, type Session } from '../server/session.js';

/**
 * The one legacy session of a stdio connection. Notifications go through the connection while
 * it is open, and to `afterClose` once it closed (the input ended, the output may still be read).
 */
export function stdioSession(connection: Connection, afterClose: (message: JsonRpcMessage) => void): Session {
  return {
    id: undefined,
    state: createSessionState(),
    notify(message) {
      if (connection.closed) {
        afterClose(message);
        return;
      }
      try {
        connection.notify(message.method, message.params);
      } catch {
        // closed between the check and the write: nothing to deliver to
      }
    },
    request(method, params, requestOptions) {
      return connection.request(
        method,
        params,
        requestOptions.signal === undefined ? {} : { signal: requestOptions.signal },
      );
    },
  };
}
