// biome-ignore-all lint/suspicious/noTemplateCurlyInString: static headers hold literal ${VAR} placeholders
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allowEntry, testBinding } from '../test-support/execute-fixtures.js';
import { startUpstream, type TestUpstream, type UpstreamRoute } from '../test-support/upstream-server.js';
import { type CallContext, createExecutor, type ExecuteOutcome, type Executor } from './executor.js';

const TOKEN = 'tok-8d1f0c7e-SECRET-a41b';
const TENANT = 'tenant-SECRET-77';
const DATABASE_URL = 'postgres://gateway:db-PASSWORD-91@db.internal/gateway';
const RERANKER_KEY = 'sk-reranker-SECRET-5521';
const env = {
  MCPFORGE_SECRET_UPSTREAM_TOKEN: TOKEN,
  MCPFORGE_SECRET_UPSTREAM_TENANT: TENANT,
  MCPFORGE_SECRET_EMPTY: '',
  // The gateway's own settings, in the same environment: never reachable from a binding.
  DATABASE_URL,
  MCPFORGE_SEARCH_RERANKER_API_KEY: RERANKER_KEY,
  UPSTREAM_TOKEN: TOKEN,
};
const context: CallContext = {
  workspaceId: 'ws',
  requestId: 'req-s',
  traceId: '0af7651916cd43dd8448eb211c80319c',
};

let upstream: TestUpstream;
let executor: Executor;
beforeAll(async () => {
  upstream = await startUpstream();
  executor = createExecutor({ allowList: () => [allowEntry('127.0.0.1', { allowLoopback: true })], env });
});
afterAll(async () => {
  await executor.close();
  await upstream.close();
});

function binding(headers: Record<string, string>, more: Record<string, unknown> = {}) {
  return testBinding({
    method: 'POST',
    baseUrl: upstream.origin,
    path: '/',
    headers,
    timeoutMs: 300,
    ...more,
  });
}

/** The upstream answers with every request header it got, in the body and in its own headers. */
function echoHeaders(status: number): UpstreamRoute {
  return (request, response) => {
    const echoed = JSON.stringify(request.headers);
    response.writeHead(status, {
      'content-type': 'application/json',
      'x-echo': echoed.replace(/[^\x20-\x7e]/g, ''),
    });
    response.end(echoed);
  };
}

/** Every string the caller or the operator log gets from `outcome`. */
function everythingSaid(outcome: ExecuteOutcome): string {
  return JSON.stringify(outcome);
}

describe('${VAR} secrets in static headers', () => {
  const headers = {
    authorization: 'Bearer ${MCPFORGE_SECRET_UPSTREAM_TOKEN}',
    'x-tenant': '${MCPFORGE_SECRET_UPSTREAM_TENANT}/v1',
  };

  it('reach the upstream, resolved at call time', async () => {
    upstream.route(echoHeaders(200));
    await executor.execute(binding(headers), {}, context);
    const request = upstream.requests.at(-1);
    expect(request?.headers['authorization']).toBe(`Bearer ${TOKEN}`);
    expect(request?.headers['x-tenant']).toBe(`${TENANT}/v1`);
  });

  it('never appear in a tool error or its diagnostic, whatever the upstream answers', async () => {
    const routes: UpstreamRoute[] = [
      echoHeaders(400),
      echoHeaders(401),
      echoHeaders(500),
      echoHeaders(302),
      echoHeaders(429),
      (request, response) => {
        // Oversize, with the secrets inside.
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ echoed: request.headers, pad: 'x'.repeat(2048) }));
      },
      () => {}, // never answers
      (_request, _response, socket) => socket.destroy(),
    ];
    for (const route of routes) {
      upstream.route(route);
      const outcome = await executor.execute(binding(headers, { maxResponseBytes: 1024 }), {}, context);
      expect(outcome.ok).toBe(false);
      const said = everythingSaid(outcome);
      expect(said).not.toContain(TOKEN);
      expect(said).not.toContain(TENANT);
      expect(said).not.toContain('authorization');
    }
  });

  it('an unset or empty variable refuses the call with an error naming it, never a value', async () => {
    const before = upstream.requests.length;
    for (const variable of ['MCPFORGE_SECRET_MISSING', 'MCPFORGE_SECRET_EMPTY']) {
      const outcome = await executor.execute(
        binding({
          authorization: `Bearer \${${variable}}`,
          'x-tenant': '${MCPFORGE_SECRET_UPSTREAM_TENANT}',
        }),
        {},
        context,
      );
      if (outcome.ok) throw new Error('expected a tool error');
      expect(outcome.error).toMatchObject({
        error_code: 'upstream_credential_unavailable',
        message: expect.stringContaining(`the environment variable ${variable} is unset`),
        stage: 'dispatch',
        retryability: 'not_retryable',
        outcome_certainty: 'not_executed',
        variable,
      });
      expect(outcome.diagnostic).toContain(variable);
      expect(everythingSaid(outcome)).not.toContain(TENANT);
    }
    expect(upstream.requests.length).toBe(before);
  });

  it('a variable without the MCPFORGE_SECRET_ prefix is never read, even when set (issue 19, point 6)', async () => {
    const before = upstream.requests.length;
    for (const [variable, value] of [
      ['DATABASE_URL', DATABASE_URL],
      ['MCPFORGE_SEARCH_RERANKER_API_KEY', RERANKER_KEY],
      ['UPSTREAM_TOKEN', TOKEN],
    ] as const) {
      // As a definition stored before the rule holds it (today's readers refuse it): in a
      // header and in the query.
      const stored = [
        { ...binding({}), headers: { 'x-a': `\${${variable}}` } },
        { ...binding({}), query: { a: `\${${variable}}` } },
      ];
      for (const old of stored) {
        const outcome = await executor.execute(old, {}, context);
        if (outcome.ok) throw new Error('expected a tool error');
        expect(outcome.error).toMatchObject({
          error_code: 'upstream_secret_not_allowed',
          message: expect.stringContaining(
            `environment variable ${variable}, which is not a secret for upstreams`,
          ),
          stage: 'dispatch',
          retryability: 'not_retryable',
          outcome_certainty: 'not_executed',
          variable,
        });
        expect(outcome.diagnostic).toContain('MCPFORGE_SECRET_');
        expect(everythingSaid(outcome)).not.toContain(value);
      }
    }
    expect(upstream.requests.length).toBe(before);
  });

  it('a variable holding a line break is refused, so a secret cannot inject a header', async () => {
    const injecting = createExecutor({
      allowList: () => [allowEntry('127.0.0.1', { allowLoopback: true })],
      env: { MCPFORGE_SECRET_UPSTREAM_TOKEN: 'abc\r\nx-admin: yes' },
    });
    try {
      const outcome = await injecting.execute(
        binding({ authorization: 'Bearer ${MCPFORGE_SECRET_UPSTREAM_TOKEN}' }),
        {},
        context,
      );
      expect(outcome.ok ? undefined : outcome.error.error_code).toBe('upstream_credential_unavailable');
      expect(everythingSaid(outcome)).not.toContain('x-admin');
    } finally {
      await injecting.close();
    }
  });

  it('a successful result holds only what the upstream answered', async () => {
    upstream.route((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
    const outcome = await executor.execute(binding(headers), {}, context);
    expect(outcome.ok && outcome.result).toEqual({
      content: [{ type: 'text', text: '{"ok":true}' }],
      structuredContent: { ok: true },
    });
  });
});
