/**
 * Framing: the colleague's `runFramingBench()` (bench/src/wire/framing.mjs: @mcpforge/wire's
 * LineDecoder on an 8 MiB message in 64 KiB chunks vs JSON.parse alone, and echo requests
 * with 64 and with 1 in flight vs a bare readline loop), plus the SDKs' `ReadBuffer` on the same
 * kind of 8 MiB message, fed chunk by chunk the way their stdio transports feed it.
 */
import { ReadBuffer as ReadBufferV1 } from '@modelcontextprotocol/sdk/shared/stdio.js';
import { ReadBuffer as ReadBufferV2 } from '@modelcontextprotocol/server';
import { progress } from '../progress.mjs';
import { median, round } from '../stats.mjs';
import { firstLine } from './compare.mjs';

const MiB = 1024 * 1024;
const CHUNK = 64 * 1024;

function bigMessage() {
  const items = [];
  let size = 0;
  for (let i = 0; size < 8 * MiB - 200; i++) {
    const item = {
      i,
      name: `item-${i}`,
      text: 'héllo wörld – ✓ lorem ipsum dolor sit amet',
      tags: ['a', 'b'],
    };
    items.push(item);
    size += Buffer.byteLength(JSON.stringify(item)) + 1;
  }
  const bytes = Buffer.from(
    `${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/big', params: { items } })}\n`,
  );
  const chunks = [];
  for (let offset = 0; offset < bytes.length; offset += CHUNK)
    chunks.push(bytes.subarray(offset, offset + CHUNK));
  return chunks;
}

/** Median ms to decode the chunks with an SDK ReadBuffer (append + readMessage per chunk). */
function readBufferMs(ReadBuffer, chunks, rounds = 5) {
  const once = () => {
    const buffer = new ReadBuffer();
    let message = null;
    for (const chunk of chunks) {
      buffer.append(chunk);
      for (let next = buffer.readMessage(); next !== null; next = buffer.readMessage()) message = next;
    }
    if (message === null) throw new Error('no message decoded');
  };
  once();
  const samples = [];
  for (let r = 0; r < rounds; r++) {
    const started = performance.now();
    once();
    samples.push(performance.now() - started);
  }
  return median(samples);
}

export async function runFramingSuite({ record }) {
  let wire;
  try {
    progress('framing: @mcpforge/wire runFramingBench()');
    const module = await import('../wire/framing.mjs');
    wire = await module.runFramingBench();
  } catch (error) {
    progress(`framing: runFramingBench FAILED: ${firstLine(error)}`);
    wire = { error: firstLine(error) };
  }
  progress('framing: SDK ReadBuffer on 8 MiB');
  const chunks = bigMessage();
  const sdk = {};
  for (const [impl, ReadBuffer] of [
    ['sdk1', ReadBufferV1],
    ['sdk2', ReadBufferV2],
  ]) {
    try {
      sdk[impl] = { value: round(readBufferMs(ReadBuffer, chunks), 1) };
    } catch (error) {
      sdk[impl] = { error: firstLine(error) };
    }
  }
  const big = wire.largeMessage;
  record({
    id: 'framing.large',
    group: 'framing',
    label: 'framing: 8 MiB message in 64 KiB chunks, decode + parse (floor = JSON.parse alone)',
    unit: 'ms',
    better: 'lower',
    results: {
      forge: big ? { value: round(big.decodeAndParseMs, 1) } : { error: wire.error ?? 'no result' },
      ...sdk,
      floor: big ? { value: round(big.parseOnlyMs, 1) } : { error: wire.error ?? 'no result' },
    },
  });
  const one = wire.oneInFlight;
  if (one !== undefined || wire.error !== undefined) {
    record({
      id: 'framing.one-in-flight',
      group: 'framing',
      label: 'framing: echo, 1 in flight over a pipe pair (floor = bare readline loop)',
      unit: 'req/s',
      better: 'higher',
      results: {
        forge: one ? { value: round(one.wireRps) } : { error: wire.error ?? 'no result' },
        floor: one ? { value: round(one.bareRps) } : { error: wire.error ?? 'no result' },
      },
    });
  }
  const flight = wire.inFlight;
  record({
    id: 'framing.inflight',
    group: 'framing',
    label: 'framing: echo, 64 in flight over a pipe pair (floor = bare readline loop)',
    unit: 'req/s',
    better: 'higher',
    results: {
      forge: flight ? { value: round(flight.wireRps) } : { error: wire.error ?? 'no result' },
      floor: flight ? { value: round(flight.bareRps) } : { error: wire.error ?? 'no result' },
    },
  });
}
