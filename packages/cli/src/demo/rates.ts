/**
 * The bundled rates service's answers: `GET /v1/latest?base=USD&symbols=EUR` in the Frankfurter
 * API's shape (`{ amount, base, date, rates }`) from a fixed table, so the demo works on a
 * machine without internet. `--upstream https://api.frankfurter.dev` uses the real one.
 * @module
 */

/** Euros per unit of each currency: a fixed, plausible table (not live rates). */
export const DEMO_RATES_PER_EUR: Readonly<Record<string, number>> = {
  EUR: 1,
  USD: 1.087,
  GBP: 0.846,
  JPY: 162.4,
  CHF: 0.953,
  CAD: 1.478,
  AUD: 1.652,
  CNY: 7.851,
  SEK: 11.43,
  NOK: 11.62,
};

/** The date the fixed table is given for (the Frankfurter API names the day of its rates). */
export const DEMO_RATES_DATE = '2026-12-01';

/** A rates answer: the Frankfurter API's JSON. */
export interface RatesAnswer {
  amount: number;
  base: string;
  date: string;
  rates: Record<string, number>;
}

const CURRENCY = /^[A-Z]{3}$/;

/** Rounds to 5 significant digits, as the real service does, so answers look familiar. */
function round(value: number): number {
  return Number(value.toPrecision(5));
}

/**
 * The answer to `base` and `symbols` (comma-separated; all but `base` when absent), or the
 * error the real service gives for an unknown currency.
 */
export function latestRates(base: string, symbols: string | undefined): RatesAnswer | { message: string } {
  const basePerEur = DEMO_RATES_PER_EUR[base];
  if (!CURRENCY.test(base) || basePerEur === undefined) return { message: 'not found' };
  const wanted =
    symbols === undefined || symbols === ''
      ? Object.keys(DEMO_RATES_PER_EUR).filter((code) => code !== base)
      : symbols.split(',');
  const rates: Record<string, number> = {};
  for (const code of wanted) {
    const perEur = DEMO_RATES_PER_EUR[code];
    if (!CURRENCY.test(code) || perEur === undefined) return { message: 'not found' };
    if (code !== base) rates[code] = round(perEur / basePerEur);
  }
  return { amount: 1, base, date: DEMO_RATES_DATE, rates };
}
