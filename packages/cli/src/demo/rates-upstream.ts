import { createServer, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/**
 * The demo's bundled rates service: answers `GET /v1/latest?base=USD&symbols=EUR` in the
 * Frankfurter API's shape (`{ amount, base, date, rates }`) from a fixed table, so the demo
 * works on a machine without internet. `--upstream https://api.frankfurter.dev` uses the real one.
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

/** The bundled upstream, listening. */
export interface RatesUpstream {
  /** `http://127.0.0.1:PORT`. */
  readonly url: string;
  close(): Promise<void>;
}

/** Starts the bundled rates service on `host` (loopback) and a free port. */
export async function startRatesUpstream(host = '127.0.0.1'): Promise<RatesUpstream> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((request, response) => {
    request.resume();
    const url = new URL(request.url ?? '/', 'http://upstream');
    const send = (status: number, body: unknown) =>
      response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (url.pathname !== '/v1/latest') return send(404, { message: 'not found' });
    if (request.method !== 'GET' && request.method !== 'HEAD')
      return send(405, { message: 'method not allowed' });
    const answer = latestRates(
      url.searchParams.get('base') ?? 'EUR',
      url.searchParams.get('symbols') ?? undefined,
    );
    send('rates' in answer ? 200 : 404, answer);
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${host}:${port}`,
    close() {
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
