// biome-ignore-all lint/suspicious/noTemplateCurlyInString: static headers hold literal ${VAR} placeholders
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../test-support/describe-each-database.js';
import {
  type Answer,
  LegacyClient,
  type ListeningGateway,
  listenGateway,
  modernRequest,
  postJson,
  type SeededAgent,
  seedAgent,
} from '../test-support/gateway-fixture.js';
import { startUpstream, type TestUpstream } from '../test-support/upstream-server.js';

const SECRET = 'upstream-token-7c41d9e2';
const UPSTREAM_BODY = 'stack trace at /srv/rates/internal.py line 42';
const ARGUMENT = 'QZX';

describeEachDatabase('nothing secret in logs or answers', (fixture) => {
  let upstream: TestUpstream;
  let gateway: ListeningGateway;
  let seeded: SeededAgent;
  const logs: string[] = [];
  const answers: Answer[] = [];

  beforeAll(async () => {
    upstream = await startUpstream((request, response) => {
      if (request.url.includes(ARGUMENT)) response.writeHead(500, { 'x-debug': SECRET }).end(UPSTREAM_BODY);
      else response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ ok: true }));
    });
    const line = (level: string) => (fields: object, message: string) =>
      logs.push(JSON.stringify({ level, message, ...fields }));
    gateway = await listenGateway(fixture.db(), {
      env: { MCPFORGE_SECRET_RATES_TOKEN: SECRET },
      logger: { info: line('info'), warn: line('warn'), error: line('error') },
    });
    seeded = await seedAgent(fixture.db(), upstream, '/mcp', {
      headers: { authorization: 'Bearer ${MCPFORGE_SECRET_RATES_TOKEN}' },
    });
  });
  afterAll(async () => {
    await gateway?.close();
    await upstream?.close();
  });

  it('the bearer key, the ${VAR} secret, argument values and upstream bodies appear in no answer, log line or history row', async () => {
    const url = `${gateway.origin}${seeded.path}`;
    const client = new LegacyClient(url, seeded.key);
    answers.push(await client.initialize());
    answers.push(await client.notify('notifications/initialized'));
    answers.push(await client.request('tools/list'));
    answers.push(
      await client.request('tools/call', {
        name: 'frankfurter_latest_rate',
        arguments: { base: 'USD', quote: 'EUR' },
      }),
    );
    answers.push(
      await client.request('tools/call', {
        name: 'frankfurter_latest_rate',
        arguments: { base: ARGUMENT, quote: 'EUR' },
      }),
    );
    answers.push(
      await client.request('tools/call', {
        name: 'frankfurter_latest_rate',
        arguments: { base: 'bad-value', quote: 'EUR' },
      }),
    );
    answers.push(
      await modernRequest(
        url,
        seeded.key,
        'tools/call',
        { name: 'frankfurter_latest_rate', arguments: { base: ARGUMENT, quote: 'EUR' } },
        'frankfurter_latest_rate',
      ),
    );
    answers.push(
      await postJson(
        url,
        { jsonrpc: '2.0', id: 1, method: 'ping' },
        { authorization: `Bearer ${seeded.key}x` },
      ),
    );
    await gateway.gateway.keys.revoke(seeded.keyId);
    answers.push(await client.request('tools/list'));
    await gateway.gateway.flushHistory();

    // The secret did reach the upstream, where it belongs.
    expect(upstream.requests.at(-1)?.headers['authorization']).toBe(`Bearer ${SECRET}`);
    expect(logs.some((line) => line.includes('tool call failed'))).toBe(true);
    const history = JSON.stringify((await fixture.db().query('SELECT * FROM invocation_history')).rows);
    const seen = [
      ...answers.map((answer) => `${[...answer.headers].join('\n')}\n${answer.text}`),
      ...logs,
      history,
    ].join('\n');
    for (const secret of [
      seeded.key,
      SECRET,
      UPSTREAM_BODY,
      '/srv/rates',
      ARGUMENT,
      'bad-value',
      upstream.origin,
    ]) {
      expect({ secret, found: seen.includes(secret) }).toEqual({ secret, found: false });
    }
  });
});
