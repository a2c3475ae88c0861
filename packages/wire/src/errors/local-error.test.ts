import { describe, expect, it, vi } from 'vitest';
import {
  ConnectionClosedError,
  ConnectionTimeoutError,
  ListenerError,
  LocalError,
  MessageTooLargeError,
  ProtocolViolationError,
} from './local-error.js';
import { RpcError } from './rpc-error.js';

describe('LocalError family', () => {
  it('carries string codes and the details of each case', () => {
    const closed = new ConnectionClosedError('not-sent');
    expect(closed.code).toBe('ERR_CONNECTION_CLOSED');
    expect(closed.outcome).toBe('not-sent');
    expect(closed.message).toMatch(/not sent/);
    expect(new ConnectionClosedError('no-response').message).toMatch(/no response/);
    expect(new ConnectionClosedError().outcome).toBeUndefined();
    const timeout = new ConnectionTimeoutError('tools/call', 250);
    expect([timeout.code, timeout.outcome, timeout.timeoutMs]).toEqual(['ERR_TIMEOUT', 'no-response', 250]);
    const tooLarge = new MessageTooLargeError(1024);
    expect([tooLarge.code, tooLarge.limit]).toEqual(['ERR_MESSAGE_TOO_LARGE', 1024]);
    expect(new ProtocolViolationError('ERR_PARSE', 'x').code).toBe('ERR_PARSE');
    const listener = new ListenerError('boom');
    expect([listener.code, listener.cause]).toEqual(['ERR_LISTENER_THREW', 'boom']);
  });

  it('is a separate family from RpcError, and subclasses match only their codes', () => {
    const timeout = new ConnectionTimeoutError('m', 1);
    expect(timeout instanceof LocalError).toBe(true);
    expect(timeout instanceof RpcError).toBe(false);
    expect(timeout instanceof ConnectionClosedError).toBe(false);
    expect(new ProtocolViolationError('ERR_UNKNOWN_RESPONSE_ID', 'x') instanceof ProtocolViolationError).toBe(
      true,
    );
    expect(new ConnectionClosedError() instanceof ProtocolViolationError).toBe(false);
  });

  it('instanceof holds across a second copy of the module', async () => {
    vi.resetModules();
    const copy = (await import('./local-error.js')) as typeof import('./local-error.js');
    expect(copy.ConnectionClosedError).not.toBe(ConnectionClosedError);
    const foreign = new copy.ConnectionClosedError('no-response');
    expect(foreign instanceof ConnectionClosedError).toBe(true);
    expect(foreign instanceof LocalError).toBe(true);
    expect(foreign instanceof ConnectionTimeoutError).toBe(false);
    expect(new copy.ProtocolViolationError('ERR_BINARY_FRAME', 'x') instanceof ProtocolViolationError).toBe(
      true,
    );
    expect(new MessageTooLargeError(1) instanceof copy.MessageTooLargeError).toBe(true);
  });
});
