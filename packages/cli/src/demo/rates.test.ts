import { describe, expect, it } from 'vitest';
import { DEMO_RATES_DATE, latestRates } from './rates.js';

describe('the bundled rates table', () => {
  it('gives every other currency without symbols, and several with a comma list', () => {
    const all = latestRates('EUR', undefined);
    expect('rates' in all && Object.keys(all.rates)).not.toContain('EUR');
    expect(latestRates('GBP', 'USD,JPY')).toEqual({
      amount: 1,
      base: 'GBP',
      date: DEMO_RATES_DATE,
      rates: { USD: 1.2849, JPY: 191.96 },
    });
  });

  it('answers not found for an unknown or lower-case currency, as the real service does', () => {
    expect(latestRates('usd', 'EUR')).toEqual({ message: 'not found' });
    expect(latestRates('USD', 'EUR,XXX')).toEqual({ message: 'not found' });
  });
});
