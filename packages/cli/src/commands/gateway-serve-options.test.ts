import { randomBytes } from 'node:crypto';
import { openDatabase } from '@mcpforge/gateway';
import { describe, expect, it } from 'vitest';
import { CliError } from '../cli/cli-error.js';
import { DEMO, SALES, SALES_ARGUMENTS, seedDemo } from '../demo/seed-demo.js';
import { readOperatorOptions, readRateLimit } from '../serve/operator-options.js';
import { fakeIo } from '../test-support/fake-io.js';
import { render, run, SERVE_USAGE, type ServeResult } from './gateway-serve.js';

async function refusal(args: string[], env: Record<string, string> = {}): Promise<CliError> {
  const error = await run(args, fakeIo(env)).catch((caught: unknown) => caught);
  if (!(error instanceof CliError)) throw new Error(`expected a CliError, got ${String(error)}`);
  return error;
}

describe('gateway serve: the catalog refresh interval', () => {
  it("--refresh-ms beats MCPFORGE_GATEWAY_REFRESH_MS, which beats the seed's CRANK_MCP_REFRESH_MS", () => {
    const read = (flags: Record<string, string>, env: Record<string, string>) =>
      readOperatorOptions(flags, env).catalogRefreshMs;
    expect(read({}, {})).toBeUndefined();
    expect(read({}, { CRANK_MCP_REFRESH_MS: '2500' })).toBe(2500);
    expect(read({}, { CRANK_MCP_REFRESH_MS: '2500', MCPFORGE_GATEWAY_REFRESH_MS: '1500' })).toBe(1500);
    expect(read({ 'refresh-ms': '750' }, { MCPFORGE_GATEWAY_REFRESH_MS: '1500' })).toBe(750);
    // A blank variable counts as unset: the next one is read.
    expect(read({}, { MCPFORGE_GATEWAY_REFRESH_MS: ' ', CRANK_MCP_REFRESH_MS: '900' })).toBe(900);
  });
});

describe("gateway serve: search mode's re-ranker", () => {
  const URL = 'http://127.0.0.1:8080/v1/embeddings';

  it('is off unless an endpoint and a model are given; flags beat variables; the key comes from a variable only', () => {
    expect(readOperatorOptions({}, {}).search).toBeUndefined();
    expect(
      readOperatorOptions(
        { 'search-reranker-url': URL, 'search-reranker-model': 'm1' },
        { MCPFORGE_SEARCH_RERANKER_MODEL: 'ignored' },
      ).search,
    ).toEqual({ reranker: { url: URL, model: 'm1' } });
    expect(
      readOperatorOptions(
        {},
        {
          MCPFORGE_SEARCH_RERANKER_URL: URL,
          MCPFORGE_SEARCH_RERANKER_MODEL: 'm2',
          MCPFORGE_SEARCH_RERANKER_API_KEY: ' sk-test ',
        },
      ).search,
    ).toEqual({ reranker: { url: URL, model: 'm2', apiKey: 'sk-test' } });
  });

  it.each([
    [{ 'search-reranker-url': URL }, {}, '--search-reranker-url needs --search-reranker-model'],
    [
      {},
      { MCPFORGE_SEARCH_RERANKER_MODEL: 'm' },
      'MCPFORGE_SEARCH_RERANKER_MODEL needs --search-reranker-url',
    ],
    [
      { 'search-reranker-url': 'ftp://host/x', 'search-reranker-model': 'm' },
      {},
      "--search-reranker-url takes an http(s) URL of an embeddings endpoint, e.g. --search-reranker-url http://127.0.0.1:8080/v1/embeddings; got 'ftp://host/x'",
    ],
  ])('refuses %j %j naming the fix', (flags, env, message) => {
    let caught: unknown;
    try {
      readOperatorOptions(flags, env);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(CliError);
    expect((caught as CliError).code).toBe('invalid_value');
    expect((caught as CliError).message).toContain(message);
  });
});

describe('gateway serve: the operator flags on the command line', () => {
  it('reads --rate-limit as N, N/BURST or off', () => {
    expect(readRateLimit('50/100', '--rate-limit')).toEqual({ perSecond: 50, burst: 100 });
    expect(readRateLimit('10', '--rate-limit')).toEqual({ perSecond: 10, burst: 20 });
    expect(readRateLimit('0.5', '--rate-limit')).toEqual({ perSecond: 0.5, burst: 1 });
    expect(readRateLimit(' 3 / 4 ', '--rate-limit')).toEqual({ perSecond: 3, burst: 4 });
    expect(readRateLimit('OFF', '--rate-limit')).toBe(false);
  });

  it.each([
    [
      ['--rate-limit', '0'],
      {},
      "--rate-limit takes N or N/BURST requests per second per key (N > 0, BURST a whole number > 0) or off, e.g. --rate-limit 50/100 or --rate-limit off; got '0'",
    ],
    [
      ['--rate-limit', '10/0'],
      {},
      "--rate-limit takes N or N/BURST requests per second per key (N > 0, BURST a whole number > 0) or off, e.g. --rate-limit 50/100 or --rate-limit off; got '10/0'",
    ],
    [['--rate-limit', '10/2.5'], {}, '--rate-limit takes N or N/BURST'],
    [['--rate-limit', 'none'], {}, '--rate-limit takes N or N/BURST'],
    [
      [],
      { MCPFORGE_RATE_LIMIT: '-1' },
      "MCPFORGE_RATE_LIMIT takes N or N/BURST requests per second per key (N > 0, BURST a whole number > 0) or off, e.g. MCPFORGE_RATE_LIMIT=50/100 or MCPFORGE_RATE_LIMIT=off; got '-1'",
    ],
    [
      ['--approval-ttl-ms', '1h'],
      {},
      "--approval-ttl-ms takes a whole number of milliseconds from 1 to 9007199254740991, e.g. --approval-ttl-ms 3600000; got '1h'",
    ],
    [['--approval-ttl-ms', '0'], {}, '--approval-ttl-ms takes a whole number of milliseconds'],
    [
      [],
      { MCPFORGE_APPROVAL_TTL_MS: '1.5' },
      "MCPFORGE_APPROVAL_TTL_MS takes a whole number of milliseconds from 1 to 9007199254740991, e.g. MCPFORGE_APPROVAL_TTL_MS=3600000; got '1.5'",
    ],
    [['--approval-lease-ms', '-5'], {}, '--approval-lease-ms takes a whole number of milliseconds'],
    [
      [],
      { MCPFORGE_APPROVAL_LEASE_MS: 'x' },
      'MCPFORGE_APPROVAL_LEASE_MS takes a whole number of milliseconds',
    ],
    [
      ['--approval-wait-ms', '2147483648'],
      {},
      "--approval-wait-ms takes a whole number of milliseconds from 1 to 2147483647, e.g. --approval-wait-ms 50000; got '2147483648'",
    ],
    [
      [],
      { MCPFORGE_APPROVAL_WAIT_MS: '1e3' },
      'MCPFORGE_APPROVAL_WAIT_MS takes a whole number of milliseconds',
    ],
    [
      ['--public-origin', 'https://gw.example.com/mcp'],
      {},
      "--public-origin takes an http(s) origin without a path, e.g. --public-origin https://gateway.example.com; got 'https://gw.example.com/mcp'",
    ],
    [['--public-origin', 'gw.example.com'], {}, '--public-origin takes an http(s) origin without a path'],
    [
      [],
      { MCPFORGE_PUBLIC_ORIGIN: 'ftp://gw' },
      "MCPFORGE_PUBLIC_ORIGIN takes an http(s) origin without a path, e.g. MCPFORGE_PUBLIC_ORIGIN=https://gateway.example.com; got 'ftp://gw'",
    ],
    [
      ['--refresh-ms', '0'],
      {},
      "--refresh-ms takes a whole number of milliseconds from 1 to 2147483647, e.g. --refresh-ms 5000; got '0'",
    ],
    [
      [],
      { CRANK_MCP_REFRESH_MS: '5s' },
      "CRANK_MCP_REFRESH_MS takes a whole number of milliseconds from 1 to 2147483647, e.g. CRANK_MCP_REFRESH_MS=5000; got '5s'",
    ],
    [
      [],
      { MCPFORGE_GATEWAY_REFRESH_MS: '-1', CRANK_MCP_REFRESH_MS: '1000' },
      "MCPFORGE_GATEWAY_REFRESH_MS takes a whole number of milliseconds from 1 to 2147483647, e.g. MCPFORGE_GATEWAY_REFRESH_MS=5000; got '-1'",
    ],
    [
      ['--rate-limit'],
      {},
      '--rate-limit needs a value: --rate-limit N[/BURST]|off, e.g. --rate-limit 50/100',
    ],
    [
      ['--aproval-ttl-ms'],
      {},
      'unknown flag --aproval-ttl-ms for mcpforge gateway serve. Did you mean --approval-ttl-ms?',
    ],
  ])('%j with %j is a usage error (exit 2) naming the flag: %s', async (args, env, message) => {
    const error = await refusal(args, env);
    expect(error.exitCode).toBe(2);
    expect(error.message.startsWith(message)).toBe(true);
  });

  it('a bad flag is refused even when its variable is fine, and a blank variable is ignored', async () => {
    expect((await refusal(['--rate-limit', 'x'], { MCPFORGE_RATE_LIMIT: '5' })).message).toMatch(
      /^--rate-limit /,
    );
    // A blank variable counts as unset: the bad --listen is what is refused, not the variable.
    const error = await refusal(['--listen', 'nope'], {
      MCPFORGE_RATE_LIMIT: ' ',
      MCPFORGE_PUBLIC_ORIGIN: '',
    });
    expect(error.message).toMatch(/^--listen expects HOST:PORT/);
  });

  it('--help lists each flag with its variable', () => {
    for (const [flag, env] of [
      ['--rate-limit N[/BURST]|off', 'MCPFORGE_RATE_LIMIT'],
      ['--approval-ttl-ms MS', 'MCPFORGE_APPROVAL_TTL_MS'],
      ['--approval-lease-ms MS', 'MCPFORGE_APPROVAL_LEASE_MS'],
      ['--approval-wait-ms MS', 'MCPFORGE_APPROVAL_WAIT_MS'],
      ['--public-origin URL', 'MCPFORGE_PUBLIC_ORIGIN'],
      ['--refresh-ms MS', 'MCPFORGE_GATEWAY_REFRESH_MS'],
    ] as const) {
      const line = SERVE_USAGE.split('\n').find((text) => text.trimStart().startsWith(flag));
      expect(line, flag).toBeDefined();
      expect(line).toContain(env);
    }
  });
});

/** A new PostgreSQL database seeded with the demo; dropped by `drop`. */
async function seededDatabase() {
  const server = process.env['MCPFORGE_TEST_POSTGRES_URL'] ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `mcpforge_cli_opts_${randomBytes(4).toString('hex')}`;
  const admin = await openDatabase({ databaseUrl: server, migrate: false });
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(server);
  url.pathname = `/${name}`;
  const db = await openDatabase({ databaseUrl: url.href });
  // Nothing here reaches the upstreams: the calls stop at the rate limit or the approval.
  const keys = await seedDemo(db, {
    rates: new URL('http://127.0.0.1:9'),
    orders: new URL('http://127.0.0.1:9'),
  });
  await db.close();
  return {
    url: url.href,
    keys,
    async drop() {
      await admin.query(`DROP DATABASE ${name} WITH (FORCE)`);
      await admin.close();
    },
  };
}

const ACCEPT = 'application/json, text/event-stream';

function post(url: string, key: string, body: object, session?: string): Promise<Response> {
  const headers: Record<string, string> = {
    authorization: `Bearer ${key}`,
    'content-type': 'application/json',
    accept: ACCEPT,
  };
  if (session !== undefined) {
    headers['mcp-session-id'] = session;
    headers['mcp-protocol-version'] = '2025-06-18';
  }
  return fetch(url, { method: 'POST', headers, body: JSON.stringify(body) });
}

function initialize(capabilities: object = {}) {
  return {
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: {
      protocolVersion: '2025-06-18',
      capabilities,
      clientInfo: { name: 'options-test', version: '1.0.0' },
    },
  };
}

/** The JSON-RPC messages of an SSE (or plain JSON) answer, in order. */
async function messages(response: Response): Promise<Array<Record<string, unknown>>> {
  const text = await response.text();
  if (!(response.headers.get('content-type') ?? '').startsWith('text/event-stream'))
    return [JSON.parse(text)];
  return text
    .split('\n')
    .filter((line) => line.startsWith('data:') && line.slice(5).trim() !== '')
    .map((line) => JSON.parse(line.slice(5)));
}

describe('gateway serve: the operator flags reach the gateway', { timeout: 90_000 }, () => {
  it('defaults: the result and the human view say the limit and durations in effect', async () => {
    const database = await seededDatabase();
    const io = fakeIo({ DATABASE_URL: database.url });
    try {
      const { result, stopped } = await run(['--listen', '127.0.0.1:0'], io);
      io.controller.abort();
      await stopped;
      const served = result as ServeResult;
      expect(served.rateLimit).toEqual({ perSecond: 100, burst: 200 });
      expect(served.approvals).toEqual({ pendingTtlMs: 86_400_000, leaseMs: 300_000, waitMs: 50_000 });
      expect(served).not.toHaveProperty('publicOrigin');
      expect(served.catalogRefreshMs).toBe(5000);
      expect(served.searchReranker).toBe(false);
      expect(render(served)).not.toContain('re-ranked');
      expect(render(served)).toContain('  catalogs       re-read every 5000 ms and at once on a publish\n');
      expect(render(served)).toContain('  rate limit     100/s per key, burst 200\n');
      expect(render(served)).toContain(
        '  approvals      pending expire after 86400000 ms, lease 300000 ms, wait 50000 ms\n',
      );
      expect(render(served)).not.toContain('public origin');
      // The variables, each beaten by its flag where both are given; off turns the limit off.
      const envIo = fakeIo({
        DATABASE_URL: database.url,
        MCPFORGE_RATE_LIMIT: 'off',
        MCPFORGE_APPROVAL_LEASE_MS: '30000',
        MCPFORGE_APPROVAL_WAIT_MS: '1000',
        MCPFORGE_PUBLIC_ORIGIN: 'http://ignored.example',
        CRANK_MCP_REFRESH_MS: '2500',
        MCPFORGE_SEARCH_RERANKER_URL: 'http://127.0.0.1:9/v1/embeddings',
        MCPFORGE_SEARCH_RERANKER_MODEL: 'test-model',
      });
      const second = await run(
        [
          '--listen',
          '127.0.0.1:0',
          '--approval-wait-ms',
          '2000',
          '--public-origin',
          'https://GW.example.com:8443/',
        ],
        envIo,
      );
      envIo.controller.abort();
      await second.stopped;
      const withEnv = second.result as ServeResult;
      expect(withEnv.rateLimit).toBe('off');
      expect(withEnv.approvals).toEqual({ pendingTtlMs: 86_400_000, leaseMs: 30_000, waitMs: 2000 });
      expect(withEnv.publicOrigin).toBe('https://gw.example.com:8443');
      expect(withEnv.catalogRefreshMs).toBe(2500);
      expect(withEnv.searchReranker).toBe(true);
      expect(render(withEnv)).toContain('  search         hits re-ranked by the embeddings endpoint\n');
      expect(render(withEnv)).toContain('  rate limit     off\n');
      expect(render(withEnv)).toContain('  public origin  https://gw.example.com:8443\n');
      // A lease below the longest upstream timeout is allowed, with a warning that says the risk.
      const warning = envIo.logs.find(
        (log) => (log.fields as { code?: string }).code === 'APPROVAL_LEASE_SHORT',
      );
      expect(warning?.message).toContain('below the longest upstream timeout (60000 ms)');
      expect(io.logs.some((log) => (log.fields as { code?: string }).code === 'APPROVAL_LEASE_SHORT')).toBe(
        false,
      );
    } finally {
      await database.drop();
    }
  });

  it('--rate-limit 0.1/2: a key past its burst gets 429 with Retry-After, another key is not affected', async () => {
    const database = await seededDatabase();
    const io = fakeIo({ DATABASE_URL: database.url, MCPFORGE_RATE_LIMIT: 'off' });
    try {
      const { result, stopped } = await run(['--listen', '127.0.0.1:0', '--rate-limit', '0.1/2'], io);
      try {
        const served = result as ServeResult;
        expect(served.rateLimit).toEqual({ perSecond: 0.1, burst: 2 });
        const rates = served.mcpUrlTemplate
          .replace('{workspace}', DEMO.workspace)
          .replace('{agent}', DEMO.agent);
        const sales = served.mcpUrlTemplate
          .replace('{workspace}', DEMO.workspace)
          .replace('{agent}', SALES.agent);
        const statuses: number[] = [];
        let limited: Response | undefined;
        for (let i = 0; i < 3; i++) {
          const response = await post(rates, database.keys.mcpClient, initialize());
          await response.text();
          statuses.push(response.status);
          if (response.status === 429) limited = response;
        }
        expect(statuses).toEqual([200, 200, 429]);
        // One token every 10 s: the client is told to come back within that.
        const retryAfter = Number(limited?.headers.get('retry-after'));
        expect(retryAfter).toBeGreaterThanOrEqual(1);
        expect(retryAfter).toBeLessThanOrEqual(10);
        // The bucket is per key: the sales key still has its burst.
        const other = await post(sales, database.keys.salesMcpClient, initialize());
        await other.text();
        expect(other.status).toBe(200);
      } finally {
        io.controller.abort();
        await stopped;
      }
    } finally {
      await database.drop();
    }
  });

  it('--public-origin, --approval-wait-ms and --approval-ttl-ms: an absolute elicitation link, a bounded wait, then expiry', async () => {
    const database = await seededDatabase();
    const io = fakeIo({ DATABASE_URL: database.url });
    try {
      const { result, stopped } = await run(
        [
          '--listen',
          '127.0.0.1:0',
          '--public-origin',
          'https://gw.example.com',
          '--approval-wait-ms',
          '1500',
          '--approval-ttl-ms',
          '2000',
        ],
        io,
      );
      try {
        const served = result as ServeResult;
        const sales = served.mcpUrlTemplate
          .replace('{workspace}', DEMO.workspace)
          .replace('{agent}', SALES.agent);
        const key = database.keys.salesMcpClient;
        // A legacy client that declares URL-mode elicitation.
        const opened = await post(sales, key, initialize({ elicitation: { url: {} } }));
        await opened.text();
        const session = opened.headers.get('mcp-session-id') ?? undefined;
        expect(session).toBeDefined();
        await (
          await post(sales, key, { jsonrpc: '2.0', method: 'notifications/initialized' }, session)
        ).text();
        const started = Date.now();
        const call = await post(
          sales,
          key,
          {
            jsonrpc: '2.0',
            id: 2,
            method: 'tools/call',
            params: { name: SALES.tool, arguments: SALES_ARGUMENTS },
          },
          session,
        );
        const answered = await messages(call);
        const elapsed = Date.now() - started;
        const elicit = answered.find((message) => message['method'] === 'elicitation/create') as
          | { params: { mode: string; url: string; elicitationId: string } }
          | undefined;
        expect(elicit?.params.mode).toBe('url');
        const id = elicit?.params.elicitationId as string;
        expect(elicit?.params.url).toBe(
          `https://gw.example.com/mcp/v1/${DEMO.workspace}/${SALES.agent}/approvals/${id}`,
        );
        // Nobody answered: the call gave up waiting after about --approval-wait-ms, still pending.
        expect(elapsed).toBeGreaterThanOrEqual(1400);
        expect(elapsed).toBeLessThan(20_000);
        const final = answered.find((message) => message['id'] === 2) as {
          result: { structuredContent: { status: string; approval_id: string } };
        };
        expect(final.result.structuredContent).toMatchObject({
          status: 'approval_required',
          approval_id: id,
        });
        // Silence is not consent: past --approval-ttl-ms the request expires (the sweep runs every 5 s).
        const approvalUrl = `${served.url}/mcp/v1/${DEMO.workspace}/${SALES.agent}/approvals/${id}`;
        let status: string | undefined;
        for (const deadline = Date.now() + 20_000; Date.now() < deadline; ) {
          const response = await fetch(approvalUrl, {
            headers: { authorization: `Bearer ${database.keys.approval}` },
          });
          expect(response.status).toBe(200);
          status = ((await response.json()) as { status: string }).status;
          if (status === 'expired') break;
          await new Promise((resolve) => setTimeout(resolve, 500));
        }
        expect(status).toBe('expired');
      } finally {
        io.controller.abort();
        await stopped;
      }
    } finally {
      await database.drop();
    }
  });
});
