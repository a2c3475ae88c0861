import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { resultFiles, writtenLine } from './results-files.mjs';

describe('result files', () => {
  it('BENCH_OUT without a trailing slash names out/x/latest.json, not out/xlatest.json', () => {
    const files = resultFiles({ BENCH_OUT: 'out/x' });
    expect(files).toEqual({
      dir: 'out/x',
      json: join('out/x', 'latest.json'),
      md: join('out/x', 'latest.md'),
    });
    expect(writtenLine(files)).toBe(
      `wrote ${join('out/x', 'latest.json')} and ${join('out/x', 'latest.md')}`,
    );
  });

  it('a trailing slash gives the same paths', () => {
    expect(resultFiles({ BENCH_OUT: 'out/x/' }).json).toBe(join('out/x', 'latest.json'));
  });

  it('defaults to bench/results when BENCH_OUT is unset or empty', () => {
    const results = fileURLToPath(new URL('../results/', import.meta.url));
    for (const env of [{}, { BENCH_OUT: '' }]) {
      expect(resultFiles(env).json).toBe(join(results, 'latest.json'));
    }
  });
});
