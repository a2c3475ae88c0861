import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type SeededApprovalAgent,
  seedApprovalAgent as seedInvoiceAgent,
} from '../approvals/approval-fixture.js';
import {
  type ApprovalAgent,
  ORDER_TOOL,
  seedApprovalAgent as seedOrderAgent,
} from '../approvals/http/test-support/approval-fixture.js';
import { describeEachDatabase } from '../test-support/describe-each-database.js';
import {
  type Answer,
  LegacyClient,
  type ListeningGateway,
  listenGateway,
  modernRequest,
  RATES_ANSWER,
  type SeededAgent,
  seedAgent,
} from '../test-support/gateway-fixture.js';
import { startUpstream, type TestUpstream } from '../test-support/upstream-server.js';
import { MAX_ARGUMENT_DEPTH } from './tool-arguments.js';

// Issue 19, points 11 to 13: the `validate` stage of a gateway tools/call. A refused argument
// carries the structured error like every other gateway tool error; control fields are taken
// out before a strict schema sees them; text PostgreSQL cannot store and arguments nested
// 5,000 deep are refused there, never as `internal`.

const RATES_TOOL = 'frankfurter_latest_rate';

function nested(depth: number): unknown {
  let value: unknown = 'bottom';
  for (let level = 0; level < depth; level++) value = { deeper: value };
  return value;
}

/** `nested(depth)` as JSON text: JSON.stringify itself overflows the test runner's stack at 5,000. */
function nestedJson(depth: number): string {
  return `${'{"deeper":'.repeat(depth)}"bottom"${'}'.repeat(depth)}`;
}

/** The structured error of an `arguments_invalid` answer, checked against its HTTP exchange. */
function expectArgumentsInvalid(answer: Answer, argument: string | undefined, words: string): void {
  expect(answer.status).toBe(200);
  const result = answer.body.result;
  expect(result.isError).toBe(true);
  expect(result.structuredContent).toEqual({
    error_code: 'arguments_invalid',
    message: expect.stringMatching(/^The arguments do not match the tool's input schema\. /),
    stage: 'validate',
    retryability: 'not_retryable',
    outcome_certainty: 'not_executed',
    request_id: answer.headers.get('x-request-id'),
    trace_id: answer.headers.get('x-trace-id'),
    ...(argument === undefined ? {} : { argument }),
  });
  expect(result.structuredContent.message).toContain(words);
  expect(result.content).toEqual([{ type: 'text', text: JSON.stringify(result.structuredContent) }]);
}

describeEachDatabase('the validate stage of a gateway tools/call', (fixture) => {
  let upstream: TestUpstream;
  let listening: ListeningGateway;
  let rates: SeededAgent;
  let orders: ApprovalAgent;
  let invoices: SeededApprovalAgent;

  beforeAll(async () => {
    upstream = await startUpstream((request, response) => {
      const body = request.method === 'GET' ? RATES_ANSWER : { order_id: 'o-1' };
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    });
    listening = await listenGateway(fixture.db(), { history: { flushMs: 5 } });
    rates = await seedAgent(fixture.db(), upstream);
    orders = await seedOrderAgent(fixture.db(), upstream);
    invoices = await seedInvoiceAgent(fixture.db(), upstream);
  });
  afterAll(async () => {
    await listening?.gateway.approvals.close();
    await listening?.close();
    await upstream?.close();
  });

  const ratesUrl = () => `${listening.origin}${rates.path}`;
  const call = async (url: string, key: string, name: string, args: unknown) => {
    const client = new LegacyClient(url, key);
    await client.connect();
    return client.request('tools/call', { name, arguments: args });
  };
  /** A legacy tools/call whose arguments are given as JSON text with one member spliced in as is. */
  const callWithJson = async (
    url: string,
    key: string,
    name: string,
    args: object,
    member: [string, string],
  ) => {
    const client = new LegacyClient(url, key);
    await client.connect();
    const text = JSON.stringify({
      jsonrpc: '2.0',
      id: 7,
      method: 'tools/call',
      params: { name, arguments: args },
    });
    const spliced = text.replace('"arguments":{', `"arguments":{"${member[0]}":${member[1]},`);
    const response = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        ...client.headers(),
      },
      body: spliced,
    });
    const body = await response.text();
    return {
      status: response.status,
      headers: response.headers,
      text: body,
      body: JSON.parse(body),
    } as Answer;
  };

  const invoicesUrl = () => `${listening.origin}/mcp/v1/${invoices.workspace}/${invoices.agent}`;
  const callInvoice = (extra: Record<string, unknown>) =>
    call(invoicesUrl(), invoices.clientKey, invoices.tool, {
      customer: 'ACME',
      amount: 5,
      ...extra,
    });
  const expectNoApprovalStored = async () => {
    const { rows } = await fixture
      .db()
      .query('SELECT id FROM approval_requests WHERE agent_id = $1', [invoices.agentId]);
    expect(rows).toHaveLength(0);
  };

  describe('a refused argument carries the structured error (point 11)', () => {
    it('legacy: error_code, stage, retryability, ids, the field in words, and the history row', async () => {
      const before = upstream.requests.length;
      const answer = await call(ratesUrl(), rates.key, RATES_TOOL, { base: 'usd', quote: 'EUR' });
      expectArgumentsInvalid(answer, 'base', 'argument \'base\': must match pattern "^[A-Z]{3}$"');
      expect(upstream.requests).toHaveLength(before);
      await listening.gateway.flushHistory();
      const { rows } = await fixture
        .db()
        .query<{ outcome: string; error_code: string }>(
          'SELECT outcome, error_code FROM invocation_history WHERE request_id = $1',
          [answer.headers.get('x-request-id')],
        );
      expect(rows).toEqual([{ outcome: 'tool_error', error_code: 'arguments_invalid' }]);
    });

    it('modern: the same error in a complete result; a missing and an unknown argument name the first', async () => {
      const answer = await modernRequest(
        ratesUrl(),
        rates.key,
        'tools/call',
        { name: RATES_TOOL, arguments: { base: 'USD', rate: 1 } },
        RATES_TOOL,
      );
      expect(answer.body.result.resultType).toBe('complete');
      expectArgumentsInvalid(answer, 'quote', "argument 'quote': is required");
      expect(answer.body.result.structuredContent.message).toContain(
        "argument 'rate': is not allowed (additionalProperties)",
      );
    });
  });

  describe('control fields pass a strict schema and stay out of the call (point 12)', () => {
    it('a direct tool with additionalProperties: false runs; the upstream never sees the control field', async () => {
      const answer = await call(ratesUrl(), rates.key, RATES_TOOL, {
        base: 'USD',
        quote: 'EUR',
        _mcpforge_confirm: 'yes',
      });
      expect(answer.body.result.isError).toBeUndefined();
      expect(answer.body.result.structuredContent).toEqual(RATES_ANSWER);
      expect(upstream.requests.at(-1)?.url).toBe('/v1/latest?base=USD&symbols=EUR');
    });

    it('create_order (strict, approval required): accepted, the same approval as without it, never stored', async () => {
      const url = `${listening.origin}/mcp/v1/${orders.workspace}/${orders.agent}`;
      const args = { amount: 31, currency: 'EUR' };
      const confirmed = await call(url, orders.clientKey, ORDER_TOOL, {
        ...args,
        _mcpforge_confirm: true,
        _mcpforge_confirmation_token: 'tok-1',
      });
      expect(confirmed.body.result.isError).toBe(false);
      const id = confirmed.body.result.structuredContent.approval_id as string;
      expect(id).toMatch(/^approval_/);
      const plain = await call(url, orders.clientKey, ORDER_TOOL, args);
      expect(plain.body.result.structuredContent.approval_id).toBe(id);
      const again = await call(url, orders.clientKey, ORDER_TOOL, { ...args, _mcpforge_confirm: false });
      expect(again.body.result.structuredContent.approval_id).toBe(id);
      const { rows } = await fixture.db().query('SELECT * FROM approval_requests WHERE id = $1', [id]);
      expect(rows).toHaveLength(1);
      expect(JSON.stringify(rows[0])).not.toContain('_mcpforge_');
    });
  });

  describe('text PostgreSQL cannot store, and deep nesting, are refused at validate (point 13)', () => {
    const hostile: Array<[string, Record<string, unknown>, string | undefined, string]> = [
      ['a NUL in a value', { details: { note: 'a\u0000b' } }, 'details/note', 'contains NUL'],
      ['a NUL in a member name', { details: { 'a\u0000b': 1 } }, 'details', 'member name that contains NUL'],
      ['a lone surrogate in a value', { details: { note: 'a\udc00b' } }, 'details/note', 'lone surrogate'],
      ['a lone surrogate in a member name', { details: { '\ud800': 1 } }, 'details', 'lone surrogate'],
      ['a NUL in a top-level name', { 'x\u0000': 1 }, undefined, 'arguments: has a member name'],
    ];

    it.each(hostile)(
      '%s: an approval-required tool answers arguments_invalid, nothing is stored',
      async (_what, extra, argument, words) => {
        const answer = await callInvoice(extra);
        expectArgumentsInvalid(answer, argument, words);
        await expectNoApprovalStored();
      },
    );

    it('arguments nested 5,000 deep: the same, naming where the nesting passed the limit', async () => {
      const answer = await callWithJson(
        invoicesUrl(),
        invoices.clientKey,
        invoices.tool,
        { customer: 'ACME', amount: 5 },
        ['details', nestedJson(5_000)],
      );
      const argument = answer.body.result.structuredContent?.argument;
      expect(argument).toMatch(/^details(\/deeper){63}$/);
      expectArgumentsInvalid(answer, argument, `nests deeper than ${MAX_ARGUMENT_DEPTH} levels`);
      await expectNoApprovalStored();
    });

    it('the same on a direct tool, and the upstream is never called', async () => {
      const before = upstream.requests.length;
      const answers = [
        await call(ratesUrl(), rates.key, RATES_TOOL, { base: 'U\u0000D', quote: 'EUR' }),
        await call(ratesUrl(), rates.key, RATES_TOOL, { base: '\ud83d', quote: 'EUR' }),
        await callWithJson(ratesUrl(), rates.key, RATES_TOOL, { base: 'USD' }, ['quote', nestedJson(5_000)]),
      ];
      for (const answer of answers) {
        expect(answer.body.result.structuredContent).toMatchObject({
          error_code: 'arguments_invalid',
          stage: 'validate',
          retryability: 'not_retryable',
        });
      }
      expect(upstream.requests).toHaveLength(before);
    });

    it('arguments at the depth limit are still validated by the schema, not refused as too deep', async () => {
      // The arguments object is level 1, `details` holds levels 2 to 64.
      const answer = await callInvoice({ amount: 6, details: nested(MAX_ARGUMENT_DEPTH - 1) });
      expect(answer.body.result.isError).toBe(false);
      expect(answer.body.result.structuredContent.status).toBe('approval_required');
    });
  });
});
