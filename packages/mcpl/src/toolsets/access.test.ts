import { afterEach, describe, expect, it } from 'vitest';
import type { AccessTokenResult } from '../protocol/index.js';
import { type ToolsetContext, ToolsetServer } from './index.js';
import { closeAll, connect, connectRaw } from './test-support/pair.js';

afterEach(closeAll);

/** A server whose `fetch` tool asks the host for a token for `audience` and shows what it got. */
function tokenServer() {
  const contexts: ToolsetContext[] = [];
  const server = new ToolsetServer({
    name: 'svc',
    version: '0',
    tools: [
      {
        name: 'fetch',
        inputSchema: { type: 'object', properties: { audience: { type: 'string' } }, required: ['audience'] },
        async call(args, ctx) {
          contexts.push(ctx);
          const token = await ctx.access(args['audience'] as string, { scopes: ['read'] });
          return { content: [{ type: 'text', text: `${token.tokenType} ${token.token}` }] };
        },
      },
    ],
    toolsets: {},
  });
  return { server, contexts };
}

async function initializeRaw(raw: ReturnType<typeof connectRaw>['raw']) {
  await raw.request('initialize', {
    protocolVersion: '2024-11-05',
    capabilities: { experimental: { mcpl: { version: '0.5', pushEvents: true } } },
    clientInfo: { name: 'raw', version: '0' },
  });
  raw.notify('notifications/initialized', {});
  await raw.request('featureSets/update', { effectiveCapabilities: ['tools'] });
}

describe('ctx.access (RFC-015 delegated access)', () => {
  it('asks the calling host with access/token and returns its short-lived token', async () => {
    const { server } = tokenServer();
    const { raw } = connectRaw(server, 'alice');
    const asked: unknown[] = [];
    raw.on('request', (message) => {
      asked.push({ method: message.method, params: message.params });
      const token: AccessTokenResult = {
        token: 't-1',
        tokenType: 'Bearer',
        expiresAt: '2030-01-01T00:00:00Z',
      };
      raw.respond(message.id, token);
    });
    await initializeRaw(raw);
    const result = await raw.request<{ content: unknown[] }>('tools/call', {
      name: 'fetch',
      arguments: { audience: 'https://api.example' },
    });
    expect(result.content).toEqual([{ type: 'text', text: 'Bearer t-1' }]);
    expect(asked).toEqual([
      {
        method: 'access/token',
        params: { audience: 'https://api.example', scopes: ['read'], featureSet: 'svc.tools' },
      },
    ]);
  });

  it('McplHost answers it through its access/token handler', async () => {
    const { server } = tokenServer();
    const asked: unknown[] = [];
    const { host } = connect(server, 'alice', {
      handlers: {
        'access/token': (params) => {
          asked.push(params);
          return { token: 'h-1', tokenType: 'Bearer', expiresAt: '2030-01-01T00:00:00Z' };
        },
      },
    });
    await host.initialize();
    const result = await host.callTool('fetch', { audience: 'https://api.example' });
    expect(result.content).toEqual([{ type: 'text', text: 'Bearer h-1' }]);
    expect(asked).toEqual([{ audience: 'https://api.example', scopes: ['read'], featureSet: 'svc.tools' }]);
  });

  it('a refusal or a malformed answer is a typed ToolsetError (a tool error for the caller)', async () => {
    const { server } = tokenServer();
    const { raw } = connectRaw(server, 'alice');
    let answer: 'refuse' | 'bad' = 'refuse';
    raw.on('request', (message) => {
      if (answer === 'refuse') raw.respondError(message.id, -32002, 'no tokens for you');
      else raw.respond(message.id, { token: 't', tokenType: 'Bearer', expiresAt: 'tomorrow' });
    });
    await initializeRaw(raw);
    const call = () =>
      raw.request<{ isError?: boolean; content: Array<{ text: string }> }>('tools/call', {
        name: 'fetch',
        arguments: { audience: 'a' },
      });
    const refused = await call();
    expect(refused.isError).toBe(true);
    expect(refused.content[0]?.text).toContain('The host refused a token for a: no tokens for you (-32002)');
    answer = 'bad';
    const bad = await call();
    expect(bad.content[0]?.text).toContain('lacks token, tokenType or an ISO expiresAt');
  });

  it('without an MCPL host of the principal connected it fails with ERR_TOOLSET_NO_CONNECTION', async () => {
    const { server, contexts } = tokenServer();
    const { host, served } = connect(server, 'bob', { mcpl: false });
    await host.initialize();
    await host.callTool('fetch', { audience: 'a' });
    host.close();
    await served.closed;
    await expect(contexts[0]?.access('a')).rejects.toMatchObject({ code: 'ERR_TOOLSET_NO_CONNECTION' });
    await expect(contexts[0]?.access('')).rejects.toThrow(/non-empty audience/);
  });
});
