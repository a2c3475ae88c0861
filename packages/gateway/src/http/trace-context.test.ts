import { expect, it } from 'vitest';
import { newTraceId, traceIdOf } from './trace-context.js';

it('reads the trace-id of a version 00 traceparent and of a later version with more fields', () => {
  const trace = '4bf92f3577b34da6a3ce929d0e0e4736';
  expect(traceIdOf(`00-${trace}-00f067aa0ba902b7-01`)).toBe(trace);
  expect(traceIdOf(`cc-${trace}-00f067aa0ba902b7-01-extra`)).toBe(trace);
});

it('refuses malformed, all-zero, version ff, upper-case and over-long headers', () => {
  const trace = '4bf92f3577b34da6a3ce929d0e0e4736';
  for (const bad of [
    undefined,
    '',
    `00-${trace}-00f067aa0ba902b7`,
    `00-${trace.toUpperCase()}-00f067aa0ba902b7-01`,
    `00-${'0'.repeat(32)}-00f067aa0ba902b7-01`,
    `00-${trace}-0000000000000000-01`,
    `ff-${trace}-00f067aa0ba902b7-01`,
    `00-${trace}-00f067aa0ba902b7-01-extra`,
    `00-${trace}-00f067aa0ba902b7-01${'-x'.repeat(400)}`,
  ]) {
    expect(traceIdOf(bad)).toBeUndefined();
  }
});

it('new trace ids are 32 hex digits and differ', () => {
  const ids = new Set(Array.from({ length: 100 }, newTraceId));
  expect(ids.size).toBe(100);
  for (const id of ids) expect(id).toMatch(/^[0-9a-f]{32}$/);
});
