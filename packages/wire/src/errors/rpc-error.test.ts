import { describe, expect, it, vi } from 'vitest';
import { ErrorCode } from '../messages.js';
import {
  InternalError,
  InvalidParamsError,
  InvalidRequestError,
  MethodNotFoundError,
  ParseError,
  RpcError,
} from './rpc-error.js';

describe('RpcError', () => {
  it('keeps code and data apart from the message and serialises to a JSON-RPC error object', () => {
    const error = new RpcError(-32001, 'Server busy', { retryAfter: 3 });
    expect(error.message).toBe('Server busy');
    expect(error.code).toBe(-32001);
    expect(error.toJSON()).toEqual({ code: -32001, message: 'Server busy', data: { retryAfter: 3 } });
    expect(new MethodNotFoundError().toJSON()).toEqual({ code: -32601, message: 'Method not found' });
  });

  it('builds the subclass matching the code a peer answered with', () => {
    expect(RpcError.fromObject({ code: ErrorCode.ParseError, message: 'x' })).toBeInstanceOf(ParseError);
    expect(RpcError.fromObject({ code: ErrorCode.InvalidRequest, message: 'x' })).toBeInstanceOf(
      InvalidRequestError,
    );
    expect(RpcError.fromObject({ code: ErrorCode.MethodNotFound, message: 'x' })).toBeInstanceOf(
      MethodNotFoundError,
    );
    expect(RpcError.fromObject({ code: ErrorCode.InvalidParams, message: 'x' })).toBeInstanceOf(
      InvalidParamsError,
    );
    expect(RpcError.fromObject({ code: ErrorCode.InternalError, message: 'x' })).toBeInstanceOf(
      InternalError,
    );
    const custom = RpcError.fromObject({ code: -32002, message: 'Resource not found', data: { uri: 'a' } });
    expect(custom).toBeInstanceOf(RpcError);
    expect(custom).not.toBeInstanceOf(InvalidParamsError);
    expect(custom.data).toEqual({ uri: 'a' });
  });

  it('subclasses match only their own code', () => {
    const error = new InvalidParamsError('bad');
    expect(error instanceof InvalidParamsError).toBe(true);
    expect(error instanceof RpcError).toBe(true);
    expect(error instanceof Error).toBe(true);
    expect(error instanceof MethodNotFoundError).toBe(false);
    expect(new Error('plain') instanceof RpcError).toBe(false);
    expect({ code: -32602 } instanceof RpcError).toBe(false);
  });

  it('instanceof holds across a second copy of the module', async () => {
    vi.resetModules();
    const copy = (await import('./rpc-error.js')) as typeof import('./rpc-error.js');
    expect(copy.RpcError).not.toBe(RpcError);
    const foreign = new copy.InvalidParamsError('from the other copy');
    expect(Object.getPrototypeOf(foreign)).not.toBe(InvalidParamsError.prototype);
    expect(foreign instanceof RpcError).toBe(true);
    expect(foreign instanceof InvalidParamsError).toBe(true);
    expect(foreign instanceof MethodNotFoundError).toBe(false);
    expect(new MethodNotFoundError() instanceof copy.RpcError).toBe(true);
  });
});
