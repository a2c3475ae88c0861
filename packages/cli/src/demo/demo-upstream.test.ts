import { afterEach, describe, expect, it } from 'vitest';
import { type DemoUpstream, MAX_UPSTREAM_BODY_BYTES, startDemoUpstream } from './demo-upstream.js';
import { DEMO_RATES_DATE } from './rates.js';

const ORDER = { customer: 'ACME Corp', item: 'demo-widget', quantity: 3 };

function post(upstream: DemoUpstream, body: string, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${upstream.url}/v1/orders`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body,
  });
}

describe('the bundled demo upstream', () => {
  let upstream: DemoUpstream | undefined;
  afterEach(async () => {
    await upstream?.close();
    upstream = undefined;
  });

  it('answers the seed request GET /v1/latest?base=USD&symbols=EUR in the Frankfurter shape', async () => {
    upstream = await startDemoUpstream();
    expect(upstream.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const response = await fetch(`${upstream.url}/v1/latest?base=USD&symbols=EUR`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(await response.json()).toEqual({
      amount: 1,
      base: 'USD',
      date: DEMO_RATES_DATE,
      rates: { EUR: 0.91996 },
    });
  });

  it('answers 404 for an unknown currency or path, and 405 for a POST to the rates', async () => {
    upstream = await startDemoUpstream();
    expect((await fetch(`${upstream.url}/v1/latest?base=USD&symbols=XXX`)).status).toBe(404);
    expect((await fetch(`${upstream.url}/v2/other`)).status).toBe(404);
    expect((await fetch(`${upstream.url}/v1/latest`, { method: 'POST', body: '{}' })).status).toBe(405);
  });

  it('POST /v1/orders places an order once per Idempotency-Key (a retry gets 200 and the same order); GET /v1/orders lists it', async () => {
    upstream = await startDemoUpstream();
    const first = await post(upstream, JSON.stringify(ORDER), { 'idempotency-key': 'mcpforge-approval_A' });
    expect(first.status).toBe(201);
    const order = await first.json();
    expect(order).toMatchObject({ id: 'ord_0001', ...ORDER, idempotency_key: 'mcpforge-approval_A' });
    const retry = await post(upstream, JSON.stringify(ORDER), { 'idempotency-key': 'mcpforge-approval_A' });
    expect(retry.status).toBe(200);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(await retry.json()).toEqual(order);
    const list = await fetch(`${upstream.url}/v1/orders`);
    expect(await list.json()).toEqual({ orders: [order], received: 2 });
  });

  it('refuses a body that is not JSON (400), one over the cap (413) and another method (405)', async () => {
    upstream = await startDemoUpstream();
    expect((await post(upstream, '{not json')).status).toBe(400);
    const large = await post(
      upstream,
      JSON.stringify({ ...ORDER, item: 'x'.repeat(MAX_UPSTREAM_BODY_BYTES) }),
    );
    expect(large.status).toBe(413);
    expect((await fetch(`${upstream.url}/v1/orders`, { method: 'DELETE' })).status).toBe(405);
    expect(upstream.orders.list()).toEqual({ orders: [], received: 0 });
  });

  it('answers the office operations of the search-mode agent: a GET with its path id, a PATCH with its JSON body', async () => {
    upstream = await startDemoUpstream();
    const client = await fetch(`${upstream.url}/v1/clients/cl_0001`);
    expect(client.status).toBe(200);
    expect(await client.json()).toMatchObject({ id: 'cl_0001', operation: 'get_client' });
    const patched = await fetch(`${upstream.url}/v1/clients/cl_0001`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ phone: '+7 495 000-00-00' }),
    });
    expect(await patched.json()).toMatchObject({ id: 'cl_0001', phone: '+7 495 000-00-00' });
    expect((await fetch(`${upstream.url}/v1/clients/cl_0001`, { method: 'PUT', body: '{}' })).status).toBe(
      405,
    );
    expect((await fetch(`${upstream.url}/v1/clients`, { method: 'POST', body: '{not json' })).status).toBe(
      400,
    );
  });
});
