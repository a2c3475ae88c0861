/**
 * The gateway suite's upstream: a minimal `node:http` JSON responder for the demo's
 * `GET /v1/latest?base=USD&symbols=EUR` (the Frankfurter API's shape), from a fixed table.
 * Every contender of the suite calls this one process; the direct REST floor calls it too.
 *
 *   node rates-upstream.mjs     prints `listening <port>`
 */

import { RATES_DATE, RATES_PER_EUR } from '../gateway-workload.mjs';
import { listen, sendJson } from './http-common.mjs';

const NOT_FOUND = JSON.stringify({ message: 'not found' });

function answer(query) {
  const params = new URLSearchParams(query);
  const base = params.get('base');
  const symbol = params.get('symbols');
  const basePerEur = RATES_PER_EUR[base];
  const perEur = RATES_PER_EUR[symbol];
  if (basePerEur === undefined || perEur === undefined) return undefined;
  return {
    amount: 1,
    base,
    date: RATES_DATE,
    rates: { [symbol]: Number((perEur / basePerEur).toPrecision(5)) },
  };
}

listen((req, res) => {
  req.resume();
  const url = req.url ?? '/';
  const query = url.indexOf('?');
  const path = query === -1 ? url : url.slice(0, query);
  const body =
    path === '/v1/latest' && req.method === 'GET'
      ? answer(query === -1 ? '' : url.slice(query + 1))
      : undefined;
  if (body === undefined) {
    res.writeHead(404, { 'content-type': 'application/json', 'content-length': NOT_FOUND.length });
    res.end(NOT_FOUND);
    return;
  }
  sendJson(res, 200, body);
});
