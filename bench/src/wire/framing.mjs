// Framing benchmarks for @mcpforge/wire (not a test). Build first: npx tsc -b packages/wire/tsconfig.build.json
// Run: node bench/src/wire/framing.mjs [--json]
//  1. an 8 MiB message in 64 KiB chunks: LineDecoder + JSON.parse vs JSON.parse alone (budget <= 3x)
//  2. 64 requests in flight over a pipe pair: a fromStreams echo responder vs a bare
//     readline + JSON.parse + JSON.stringify loop (budget >= 0.8x)
import { performance } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import { PassThrough } from 'node:stream';
import { pathToFileURL } from 'node:url';
import { fromStreams, LineDecoder } from '@mcpforge/wire';

const MIB = 1024 * 1024;
const CHUNK = 64 * 1024;

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

/** An ~8 MiB JSON-RPC notification, with multi-byte text so chunk cuts land inside characters. */
function bigMessageBytes() {
  const items = [];
  let size = 0;
  for (let i = 0; size < 8 * MIB - 200; i++) {
    const item = {
      i,
      name: `item-${i}`,
      text: 'héllo wörld – ✓ 😀 lorem ipsum dolor sit amet',
      tags: ['a', 'b'],
    };
    items.push(item);
    size += Buffer.byteLength(JSON.stringify(item)) + 1;
  }
  const json = JSON.stringify({ jsonrpc: '2.0', method: 'notifications/big', params: { items } });
  return { json, bytes: Buffer.from(`${json}\n`, 'utf8') };
}

function timeIt(fn, rounds) {
  fn(); // warm-up
  fn();
  const samples = [];
  for (let r = 0; r < rounds; r++) {
    const started = performance.now();
    fn();
    samples.push(performance.now() - started);
  }
  return median(samples);
}

/** Figure 1: decoding an 8 MiB message split in 64 KiB chunks, relative to JSON.parse of the same text. */
export function benchLargeMessage(rounds = 7) {
  const { json, bytes } = bigMessageBytes();
  const chunks = [];
  for (let offset = 0; offset < bytes.length; offset += CHUNK)
    chunks.push(bytes.subarray(offset, offset + CHUNK));
  const parseOnlyMs = timeIt(() => JSON.parse(json), rounds);
  const decodeAndParseMs = timeIt(() => {
    const decoder = new LineDecoder(16 * MIB);
    let parsed;
    for (const chunk of chunks) for (const line of decoder.push(chunk)) parsed = JSON.parse(line);
    if (parsed === undefined) throw new Error('no message decoded');
  }, rounds);
  return {
    messageBytes: bytes.length,
    chunks: chunks.length,
    parseOnlyMs,
    decodeAndParseMs,
    ratio: decodeAndParseMs / parseOnlyMs,
    budget: '<= 3x',
  };
}

/**
 * Drives `total` echo requests with `inFlight` outstanding over two PassThroughs; the same raw
 * driver serves both responders, so only the responder differs. Resolves with requests per second.
 */
function driveEcho(attachResponder, total, inFlight) {
  const toServer = new PassThrough();
  const toClient = new PassThrough();
  const detach = attachResponder(toServer, toClient);
  return new Promise((resolve) => {
    let sent = 0;
    let answered = 0;
    let buffered = '';
    const started = performance.now();
    const send = (count) => {
      let text = '';
      for (let i = 0; i < count && sent < total; i++, sent++) {
        text += `${JSON.stringify({ jsonrpc: '2.0', id: sent, method: 'tools/call', params: { name: 'echo', arguments: { text: `hello ${sent}` } } })}\n`;
      }
      if (text) toServer.write(text);
    };
    toClient.on('data', (chunk) => {
      buffered += chunk.toString('utf8');
      let start = 0;
      let newline = buffered.indexOf('\n', start);
      let got = 0;
      while (newline !== -1) {
        JSON.parse(buffered.slice(start, newline));
        got++;
        start = newline + 1;
        newline = buffered.indexOf('\n', start);
      }
      buffered = buffered.slice(start);
      answered += got;
      if (answered >= total) {
        const seconds = (performance.now() - started) / 1000;
        detach();
        toServer.destroy();
        toClient.destroy();
        resolve(total / seconds);
      } else send(got);
    });
    send(inFlight);
  });
}

function bareResponder(input, output) {
  const lines = createInterface({ input, crlfDelay: Number.POSITIVE_INFINITY });
  lines.on('line', (line) => {
    const request = JSON.parse(line);
    output.write(`${JSON.stringify({ jsonrpc: '2.0', id: request.id, result: request.params })}\n`);
  });
  return () => lines.close();
}

function wireResponder(input, output) {
  const connection = fromStreams(input, output, { queueIncoming: false });
  connection.on('request', (request) => connection.respond(request.id, request.params));
  return () => connection.close();
}

/** Figure 2: 64 requests in flight, forge echo responder vs the bare readline loop. */
export async function benchInFlight({ total = 40_000, inFlight = 64, rounds = 5 } = {}) {
  await driveEcho(bareResponder, total, inFlight); // warm-up both
  await driveEcho(wireResponder, total, inFlight);
  const bare = [];
  const wire = [];
  for (let r = 0; r < rounds; r++) {
    // Interleaved so drift (GC, other load) hits both alike.
    bare.push(await driveEcho(bareResponder, total, inFlight));
    wire.push(await driveEcho(wireResponder, total, inFlight));
  }
  const bareRps = median(bare);
  const wireRps = median(wire);
  return { requests: total, inFlight, rounds, bareRps, wireRps, ratio: wireRps / bareRps, budget: '>= 0.8x' };
}

/** The figures, for the bench harness: the two budgets above, plus one request in flight for reference. */
export async function runFramingBench(options = {}) {
  return {
    largeMessage: benchLargeMessage(options.rounds ?? 7),
    inFlight: await benchInFlight(options),
    oneInFlight: await benchInFlight({
      ...options,
      inFlight: 1,
      total: Math.min(options.total ?? 10_000, 10_000),
    }),
  };
}

function printTable(result) {
  const { largeMessage: big, inFlight: flight, oneInFlight: one } = result;
  const rows = [
    [
      '8 MiB message, 64 KiB chunks',
      `${big.decodeAndParseMs.toFixed(1)} ms`,
      `${big.parseOnlyMs.toFixed(1)} ms (JSON.parse)`,
      `${big.ratio.toFixed(2)}x`,
      big.budget,
    ],
    [
      `${flight.inFlight} in flight, echo`,
      `${Math.round(flight.wireRps)} req/s`,
      `${Math.round(flight.bareRps)} req/s (readline floor)`,
      `${flight.ratio.toFixed(2)}x`,
      flight.budget,
    ],
    [
      '1 in flight, echo',
      `${Math.round(one.wireRps)} req/s`,
      `${Math.round(one.bareRps)} req/s (readline floor)`,
      `${one.ratio.toFixed(2)}x`,
      '(reference)',
    ],
  ];
  const header = ['case', '@mcpforge/wire', 'baseline', 'ratio', 'budget'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i].length)));
  const format = (row) => row.map((cell, i) => cell.padEnd(widths[i])).join('  ');
  console.log(format(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of rows) console.log(format(row));
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const result = await runFramingBench();
  if (process.argv.includes('--json')) console.log(JSON.stringify(result, null, 2));
  else printTable(result);
}
