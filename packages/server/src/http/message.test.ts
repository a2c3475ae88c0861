import { describe, expect, it } from 'vitest';
import { parsePostedMessage } from './message.js';
import { HttpRejection } from './rejection.js';

function rejection(body: string): HttpRejection {
  try {
    parsePostedMessage(body);
  } catch (error) {
    if (error instanceof HttpRejection) return error;
    throw error;
  }
  throw new Error('expected a rejection');
}

describe('parsePostedMessage', () => {
  it('classifies requests, notifications and responses', () => {
    expect(parsePostedMessage('{"jsonrpc":"2.0","id":1,"method":"ping"}')).toMatchObject({
      kind: 'request',
      id: 1,
    });
    expect(parsePostedMessage('{"jsonrpc":"2.0","method":"notifications/initialized"}').kind).toBe(
      'notification',
    );
    expect(parsePostedMessage('{"jsonrpc":"2.0","id":"s1","result":{}}')).toMatchObject({
      kind: 'response',
      id: 's1',
    });
  });

  it('refuses params that are not a structured value, for notifications too (as stdio does; found by the fuzz test)', () => {
    expect(rejection('{"jsonrpc":"2.0","method":"tools/list","params":null}')).toMatchObject({
      status: 400,
      rpcCode: -32600,
      id: null,
    });
    expect(rejection('{"jsonrpc":"2.0","id":7,"method":"tools/list","params":"x"}')).toMatchObject({
      status: 400,
      rpcCode: -32600,
      id: 7,
    });
  });

  it('answers malformed JSON with 400 -32700 and id null', () => {
    const error = rejection('{"jsonrpc":');
    expect([error.status, error.rpcCode, error.id]).toEqual([400, -32700, null]);
  });

  it('refuses batches and non-JSON-RPC values with 400 -32600', () => {
    expect(rejection('[{"jsonrpc":"2.0","id":1,"method":"ping"}]').rpcCode).toBe(-32600);
    expect(rejection('42').rpcCode).toBe(-32600);
    expect(rejection('{"id":3,"method":"ping"}')).toMatchObject({ status: 400, rpcCode: -32600, id: 3 });
    expect(rejection('{"jsonrpc":"2.0","id":null,"method":"ping"}').rpcCode).toBe(-32600);
    expect(rejection('{"jsonrpc":"2.0","id":1}').rpcCode).toBe(-32600);
  });
});
