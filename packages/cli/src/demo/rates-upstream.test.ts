import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_RATES_DATE, latestRates, type RatesUpstream, startRatesUpstream } from './rates-upstream.js';

describe('the bundled rates upstream', () => {
  let upstream: RatesUpstream | undefined;
  afterEach(async () => {
    await upstream?.close();
    upstream = undefined;
  });

  it('answers the seed request GET /v1/latest?base=USD&symbols=EUR in the Frankfurter shape', async () => {
    upstream = await startRatesUpstream();
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

  it('answers 404 for an unknown currency or path, as the real service does', async () => {
    upstream = await startRatesUpstream();
    expect((await fetch(`${upstream.url}/v1/latest?base=USD&symbols=XXX`)).status).toBe(404);
    expect((await fetch(`${upstream.url}/v2/other`)).status).toBe(404);
  });

  it('gives every other currency without symbols, and several with a comma list', () => {
    const all = latestRates('EUR', undefined);
    expect('rates' in all && Object.keys(all.rates)).not.toContain('EUR');
    expect(latestRates('GBP', 'USD,JPY')).toEqual({
      amount: 1,
      base: 'GBP',
      date: DEMO_RATES_DATE,
      rates: { USD: 1.2849, JPY: 191.96 },
    });
    expect(latestRates('usd', 'EUR')).toEqual({ message: 'not found' });
  });
});
