import { afterEach, describe, expect, it, vi } from 'vitest';
import { text } from '../results/index.js';
import { createTestClient, mcpErrorOf } from '../testing/index.js';
import { createServer } from './mcp-server.js';

const empty = { type: 'object' } as const;

const nameRequest = {
  method: 'elicitation/create',
  params: {
    message: 'What is your name?',
    requestedSchema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
  },
} as const;

function mrtrServer(options: { secret?: string; requestStateTtlMs?: number } = {}) {
  const server = createServer({ name: 'mrtr', version: '1.0.0', ...options });
  let runs = 0;
  server.tool(
    { name: 'greet', inputSchema: { type: 'object', properties: { lang: { type: 'string' } } } },
    async (_args, ctx) => {
      runs++;
      const answer = await ctx.elicit(nameRequest.params, 'user_name');
      return text(`Hello, ${(answer.content as { name: string }).name}!`);
    },
  );
  server.tool({ name: 'two_rounds', inputSchema: empty }, async (_args, ctx) => {
    const first = await ctx.input({ step1: nameRequest }, { state: { round: 1 } });
    const second = await ctx.input(
      { step2: { method: 'sampling/createMessage', params: { messages: [], maxTokens: 5 } } },
      {
        state: { round: 2, prior: ctx.state },
      },
    );
    return text(
      `${JSON.stringify(first['step1'])}|${JSON.stringify(second['step2'])}|${JSON.stringify(ctx.state)}`,
    );
  });
  server.tool({ name: 'both', inputSchema: empty }, async (_args, ctx) => {
    const [a, b] = await Promise.all([ctx.elicit(nameRequest.params, 'a'), ctx.listRoots('b')]);
    return text(`${a.action}+${b.roots.length}`);
  });
  server.prompt({ name: 'context_prompt' }, async (_args, ctx) => {
    const answer = await ctx.elicit(nameRequest.params, 'user_context');
    return { messages: [{ role: 'user', content: { type: 'text', text: String(answer.action) } }] };
  });
  return { server, runs: () => runs };
}

const caps = { elicitation: {}, sampling: {}, roots: {} };

afterEach(() => {
  vi.useRealTimers();
});

describe('MRTR (modern input requests)', () => {
  it('answers input_required, then completes on a retry carrying the response and the state', async () => {
    const { server, runs } = mrtrServer();
    const client = createTestClient(server, { era: 'modern', capabilities: caps });
    const first = (await client.callTool('greet', { lang: 'en' })) as unknown as Record<string, unknown>;
    expect(first['resultType']).toBe('input_required');
    expect(first['inputRequests']).toEqual({ user_name: nameRequest });
    expect(typeof first['requestState']).toBe('string');
    const retry = await client.request('tools/call', {
      name: 'greet',
      arguments: { lang: 'en' },
      inputResponses: { user_name: { action: 'accept', content: { name: 'Ada' } }, extra: { ignored: true } },
      requestState: first['requestState'],
    });
    expect(retry).toMatchObject({ resultType: 'complete', content: [{ type: 'text', text: 'Hello, Ada!' }] });
    expect(runs()).toBe(2);
  });

  it('re-asks (not an error) when the retry lacks the response', async () => {
    const { server } = mrtrServer();
    const client = createTestClient(server, { era: 'modern', capabilities: caps });
    const first = (await client.callTool('greet')) as unknown as Record<string, unknown>;
    const again = (await client.request('tools/call', {
      name: 'greet',
      inputResponses: {},
      requestState: first['requestState'],
    })) as Record<string, unknown>;
    expect(again['resultType']).toBe('input_required');
    expect(again['inputRequests']).toEqual({ user_name: nameRequest });
  });

  it('runs several rounds, carrying earlier responses and exposing the verified state as ctx.state', async () => {
    const { server } = mrtrServer();
    const client = createTestClient(server, { era: 'modern', capabilities: caps });
    const round1 = (await client.callTool('two_rounds')) as unknown as Record<string, unknown>;
    expect(Object.keys(round1['inputRequests'] as object)).toEqual(['step1']);
    const round2 = (await client.request('tools/call', {
      name: 'two_rounds',
      inputResponses: { step1: { action: 'accept', content: { name: 'A' } } },
      requestState: round1['requestState'],
    })) as Record<string, unknown>;
    expect(Object.keys(round2['inputRequests'] as object)).toEqual(['step2']);
    expect(round2['requestState']).not.toBe(round1['requestState']);
    const done = (await client.request('tools/call', {
      name: 'two_rounds',
      inputResponses: { step2: { role: 'assistant', content: { type: 'text', text: 'x' }, model: 'm' } },
      requestState: round2['requestState'],
    })) as { content: Array<{ text: string }> };
    const [first, second, state] = (done.content[0]?.text ?? '').split('|');
    expect(JSON.parse(first ?? '')).toEqual({ action: 'accept', content: { name: 'A' } });
    expect(JSON.parse(second ?? '')).toMatchObject({ model: 'm' });
    expect(JSON.parse(state ?? '')).toEqual({ round: 2, prior: { round: 1 } });
  });

  it('asks for parallel inputs in one round', async () => {
    const { server } = mrtrServer();
    const client = createTestClient(server, { era: 'modern', capabilities: caps });
    const first = (await client.callTool('both')) as unknown as Record<string, unknown>;
    expect(Object.keys(first['inputRequests'] as object).sort()).toEqual(['a', 'b']);
  });

  it('refuses tampered, foreign, expired and malformed state with -32602', async () => {
    const { server } = mrtrServer({ secret: 'test-secret' });
    const client = createTestClient(server, { era: 'modern', capabilities: caps });
    const first = (await client.callTool('greet', { lang: 'en' })) as unknown as Record<string, unknown>;
    const state = first['requestState'] as string;
    const [body, tag] = state.split('.') as [string, string];
    const forged = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(body, 'base64url').toString()), s: 'evil' }),
    ).toString('base64url');
    for (const requestState of [`${forged}.${tag}`, `${body}.${tag.slice(1)}x`, 'garbage', 42]) {
      const error = await mcpErrorOf(
        client.request('tools/call', { name: 'greet', arguments: { lang: 'en' }, requestState }),
      );
      expect(error.code).toBe(-32602);
    }
    // bound to the arguments and the tool
    const otherArgs = await mcpErrorOf(
      client.request('tools/call', { name: 'greet', arguments: { lang: 'fr' }, requestState: state }),
    );
    expect(otherArgs.message).toContain('different request');
    // a state from another server secret is refused
    const other = createTestClient(mrtrServer({ secret: 'other' }).server, {
      era: 'modern',
      capabilities: caps,
    });
    expect(
      (
        await mcpErrorOf(
          other.request('tools/call', { name: 'greet', arguments: { lang: 'en' }, requestState: state }),
        )
      ).code,
    ).toBe(-32602);
    // expired: the clock moves past the lifetime
    const shortLived = createTestClient(mrtrServer({ requestStateTtlMs: 1000 }).server, {
      era: 'modern',
      capabilities: caps,
    });
    vi.useFakeTimers({ toFake: ['Date'] });
    const expiring = (await shortLived.callTool('greet')) as unknown as Record<string, unknown>;
    vi.setSystemTime(Date.now() + 1001);
    const expired = await mcpErrorOf(
      shortLived.request('tools/call', { name: 'greet', requestState: expiring['requestState'] }),
    );
    expect(expired.message).toContain('expired');
    expect(
      (await mcpErrorOf(client.request('tools/call', { name: 'greet', inputResponses: [1] }))).code,
    ).toBe(-32602);
  });

  it('only asks for capabilities declared on this request (-32021 otherwise)', async () => {
    const { server } = mrtrServer();
    const client = createTestClient(server, { era: 'modern', capabilities: { sampling: {} } });
    const error = await mcpErrorOf(client.callTool('greet'));
    expect([error.code, error.data]).toEqual([-32021, { requiredCapabilities: { elicitation: {} } }]);
  });

  it('works on prompts/get too, and legacy clients get real requests for the same handler', async () => {
    const { server } = mrtrServer();
    const modern = createTestClient(server, { era: 'modern', capabilities: caps });
    const first = (await modern.request('prompts/get', { name: 'context_prompt' })) as Record<
      string,
      unknown
    >;
    expect(first).toMatchObject({
      resultType: 'input_required',
      inputRequests: { user_context: nameRequest },
    });
    const done = await modern.request('prompts/get', {
      name: 'context_prompt',
      inputResponses: { user_context: { action: 'decline' } },
      requestState: first['requestState'],
    });
    expect(done).toMatchObject({ resultType: 'complete', messages: [{ content: { text: 'decline' } }] });
    const legacy = createTestClient(server, {
      capabilities: caps,
      handlers: { 'elicitation/create': () => ({ action: 'accept', content: { name: 'Bo' } }) },
    });
    await legacy.initialize();
    expect(await legacy.callTool('greet')).toEqual(text('Hello, Bo!'));
  });
});
