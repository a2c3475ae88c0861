import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import * as compat from './index.js';
import { ConnectionClosedError, type ContentBlock, McplConnection, method, textContent } from './index.js';

function pair(): { a: McplConnection; b: McplConnection } {
  const aToB = new PassThrough();
  const bToA = new PassThrough();
  return { a: McplConnection.fromStreams(bToA, aToB), b: McplConnection.fromStreams(aToB, bToA) };
}

/** Answers every request `b` receives with `answer(method, params)`. */
function serve(b: McplConnection, answer: (name: string, params: unknown) => unknown): void {
  b.on('request', (request) => b.sendResponse(request.id, answer(request.method, request.params)));
}

describe('compat: the runtime names peers import from @animalabs/mcpl-core', () => {
  it('exports every ERR_* code with the public core values', () => {
    expect({
      ERR_PARSE_ERROR: compat.ERR_PARSE_ERROR,
      ERR_INVALID_REQUEST: compat.ERR_INVALID_REQUEST,
      ERR_METHOD_NOT_FOUND: compat.ERR_METHOD_NOT_FOUND,
      ERR_INVALID_PARAMS: compat.ERR_INVALID_PARAMS,
      ERR_INTERNAL_ERROR: compat.ERR_INTERNAL_ERROR,
      ERR_SERVER_ERROR: compat.ERR_SERVER_ERROR,
      ERR_FEATURE_SET_NOT_ENABLED: compat.ERR_FEATURE_SET_NOT_ENABLED,
      ERR_CAPABILITY_DENIED: compat.ERR_CAPABILITY_DENIED,
      ERR_UNKNOWN_FEATURE_SET: compat.ERR_UNKNOWN_FEATURE_SET,
      ERR_CHECKPOINT_NOT_FOUND: compat.ERR_CHECKPOINT_NOT_FOUND,
      ERR_CHANNEL_NOT_PERMITTED: compat.ERR_CHANNEL_NOT_PERMITTED,
      ERR_UNKNOWN_CHANNEL: compat.ERR_UNKNOWN_CHANNEL,
      ERR_CHANNEL_OPEN_FAILED: compat.ERR_CHANNEL_OPEN_FAILED,
    }).toEqual({
      ERR_PARSE_ERROR: -32700,
      ERR_INVALID_REQUEST: -32600,
      ERR_METHOD_NOT_FOUND: -32601,
      ERR_INVALID_PARAMS: -32602,
      ERR_INTERNAL_ERROR: -32603,
      ERR_SERVER_ERROR: -32000,
      ERR_FEATURE_SET_NOT_ENABLED: -32001,
      ERR_CAPABILITY_DENIED: -32002,
      ERR_UNKNOWN_FEATURE_SET: -32003,
      ERR_CHECKPOINT_NOT_FOUND: -32005,
      ERR_CHANNEL_NOT_PERMITTED: -32017,
      ERR_UNKNOWN_CHANNEL: -32023,
      ERR_CHANNEL_OPEN_FAILED: -32024,
    });
  });

  it('method carries the names heartbeat-mcpl and the harness use', () => {
    expect(method).toMatchObject({
      INITIALIZE: 'initialize',
      PUSH_EVENT: 'push/event',
      CHANNELS_LIST: 'channels/list',
      CHANNELS_OPEN: 'channels/open',
      CHANNELS_CLOSE: 'channels/close',
      CHANNELS_PUBLISH: 'channels/publish',
      CHANNELS_CHANGED: 'channels/changed',
      CHANNELS_ACKNOWLEDGE: 'channels/acknowledge',
      STATE_ROLLBACK: 'state/rollback',
      STATE_GET: 'state/get',
      BRANCHES_LIST: 'branches/list',
      INFERENCE_REQUEST: 'inference/request',
      MODEL_INFO: 'model/info',
    });
    expect(textContent('hi')).toEqual({ type: 'text', text: 'hi' });
  });

  it('channels: register, open with history, acknowledge, round trips over the connection', async () => {
    const { a: server, b: host } = pair();
    const seen: string[] = [];
    serve(host, (name, params) => {
      seen.push(name);
      if (name === method.CHANNELS_REGISTER) {
        const { channels } = params as { channels: Array<{ id: string }> };
        return { results: channels.map((channel) => ({ id: channel.id, accepted: true })) };
      }
      return undefined;
    });
    const registered = await server.sendRequest(method.CHANNELS_REGISTER, {
      channels: [{ id: 'chat:1', type: 'chat', label: 'General', direction: 'bidirectional' }],
    });
    expect(registered).toEqual({ results: [{ id: 'chat:1', accepted: true }] });

    serve(server, (name, params) => {
      if (name === method.CHANNELS_OPEN) {
        const { history } = params as { history: { limit: number } };
        return {
          channel: { id: 'chat:2', type: 'chat', label: 'DM', direction: 'bidirectional' },
          history: Array.from({ length: history.limit }, (_, i) => ({
            channelId: 'chat:2',
            messageId: `m${i}`,
            author: { id: 'u', name: 'U' },
            timestamp: '2026-01-01T00:00:00Z',
            content: [textContent(`old ${i}`)],
          })),
          historyTruncated: true,
        };
      }
      if (name === method.CHANNELS_ACKNOWLEDGE) return { acknowledged: true, representation: 'reaction' };
      return undefined;
    });
    const opened = (await host.sendRequest(method.CHANNELS_OPEN, {
      type: 'chat',
      address: { user: 'u' },
      history: { limit: 2 },
    })) as { history: unknown[]; historyTruncated: boolean };
    expect(opened.history).toHaveLength(2);
    expect(opened.historyTruncated).toBe(true);
    await expect(
      host.sendRequest(method.CHANNELS_ACKNOWLEDGE, { channelId: 'chat:2', messageId: 'm1', intent: 'seen' }),
    ).resolves.toEqual({ acknowledged: true, representation: 'reaction' });
    expect(seen).toEqual([method.CHANNELS_REGISTER]);
    server.close();
    host.close();
  });

  it('content blocks (text, inline image, audio by reference, resource) arrive as sent', async () => {
    const { a, b } = pair();
    const blocks: ContentBlock[] = [
      textContent('look'),
      { type: 'image', data: 'aGk=', mimeType: 'image/png' },
      { type: 'audio', uri: 'https://example.test/a.ogg', mimeType: 'audio/ogg', sizeBytes: 10 },
      { type: 'resource', uri: 'file:///notes.txt' },
    ];
    a.sendNotification(method.PUSH_EVENT, { payload: { content: blocks } });
    const message = await b.nextMessage();
    expect(message).toMatchObject({
      type: 'notification',
      notification: { params: { payload: { content: blocks } } },
    });
    a.close();
    b.close();
  });

  it('non-2.0 messages, batches and id:null errors reach neither nextMessage nor a pending request (reported as error)', async () => {
    const input = new PassThrough();
    const conn = McplConnection.fromStreams(input, new PassThrough());
    const errors: string[] = [];
    conn.on('error', (error) => errors.push(error.message));
    const pending = conn.sendRequest('ping');
    input.write('[{"jsonrpc":"2.0","method":"batched"}]\n');
    input.write('{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"x"}}\n');
    input.write('{"method":"no-version","id":1}\n');
    input.write('{"jsonrpc":"1.0","id":7,"result":"old"}\n');
    input.write('\n');
    input.write('{"jsonrpc":"2.0","id":1,"result":"pong"}\n');
    await expect(pending).resolves.toBe('pong');
    input.write('{"jsonrpc":"2.0","method":"after"}\n');
    const message = await conn.nextMessage();
    expect(message).toMatchObject({ type: 'notification', notification: { method: 'after' } });
    expect(errors).toHaveLength(4);
    // Unlike the public core (which drops it and waits), a wrong-version answer to a pending
    // request fails that request at once (docs/mcpl.md, known differences).
    const waiting = conn.sendRequest('again');
    input.write('{"jsonrpc":"1.0","id":2,"result":"old"}\n');
    await expect(waiting).rejects.toMatchObject({ code: 'ERR_UNSUPPORTED_VERSION' });
    conn.close();
  });

  it("runs the seed README's usage loop as written: answer tools/list until the peer closes, then release the output", async () => {
    const toServer = new PassThrough();
    const toHost = new PassThrough();
    const host = McplConnection.fromStreams(toHost, toServer);
    const conn = McplConnection.fromStreams(toServer, toHost);
    const logged: string[] = [];
    conn.on('error', (err) => logged.push(err.message));
    const program = (async () => {
      try {
        while (true) {
          let msg: Awaited<ReturnType<McplConnection['nextMessage']>>;
          try {
            msg = await conn.nextMessage();
          } catch (err) {
            if (err instanceof ConnectionClosedError) break;
            throw err;
          }
          if (msg.type === 'request' && msg.request.method === 'tools/list') {
            conn.sendResponse(msg.request.id, { tools: [] });
          }
        }
      } finally {
        conn.close();
      }
      return 'ended';
    })();
    conn.sendNotification(method.PUSH_EVENT, { note: 'server-initiated, any time' });
    expect(await host.nextMessage()).toMatchObject({
      type: 'notification',
      notification: { method: 'push/event' },
    });
    await expect(host.sendRequest('tools/list')).resolves.toEqual({ tools: [] });
    toServer.end();
    await expect(program).resolves.toBe('ended');
    expect(toHost.writableEnded || toHost.destroyed).toBe(true);
    expect(conn.isClosed).toBe(true);
    expect(logged).toEqual([]);
    host.close();
  });
});
