import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { FIXTURE } from './test-support/spawn-fixture.js';

const DRIVER = join(import.meta.dirname, 'test-support', 'sdk-v2-driver.mjs');

type Step = { ok: boolean; value?: unknown; error?: string; code?: unknown };
async function drive(mode: 'auto' | 'legacy'): Promise<Record<string, Step> & { era: string }> {
  const { stdout } = await promisify(execFile)(process.execPath, [DRIVER, FIXTURE, mode], {
    timeout: 15_000,
  });
  return JSON.parse(stdout) as Record<string, Step> & { era: string };
}

describe('official SDK v2 client over stdio', () => {
  it('negotiates the modern era and lists, calls, fulfils MRTR, gets progress, cancels', async () => {
    const report = await drive('auto');
    expect(report.era).toBe('modern');
    expect(report['list']?.value).toEqual(expect.arrayContaining(['echo', 'add', 'ask_name']));
    expect(report['echo']?.value).toMatchObject({ content: [{ type: 'text', text: 'hi' }] });
    expect(report['add']?.value).toMatchObject({ structuredContent: { sum: 3 } });
    expect(report['domainError']?.value).toMatchObject({ isError: true });
    expect(report['unknownTool']).toMatchObject({ ok: false });
    expect(report['unknownTool']?.error).toContain('Unknown tool');
    // MRTR: the v2 client answers input_required through its handlers and retries with requestState
    expect(report['elicit']?.value).toMatchObject({ content: [{ text: 'Hello, Grace!' }] });
    expect(report['sample']?.value).toMatchObject({ content: [{ text: 'LLM response: v2 q' }] });
    // The SDK drops progress that arrives after it settled the call; what arrives is in order.
    const progress = report['progress']?.value as number[];
    expect(progress.length).toBeGreaterThanOrEqual(1);
    expect(progress).toEqual([1, 2].slice(0, progress.length));
    expect(report['cancel']?.value).toBe('cancelled');
    expect(report['afterCancel']?.value).toMatchObject({ content: [{ text: 'still' }] });
    expect(report['read']?.value).toMatchObject({ contents: [{ text: '{"id":"7"}' }] });
    expect(report['readMissing']).toMatchObject({ ok: false });
  });

  it('works in the legacy era with real server-to-client requests', async () => {
    const report = await drive('legacy');
    expect(report.era).toBe('legacy');
    expect(report['echo']?.value).toMatchObject({ content: [{ text: 'hi' }] });
    expect(report['elicit']?.value).toMatchObject({ content: [{ text: 'Hello, Grace!' }] });
    expect(report['sample']?.value).toMatchObject({ content: [{ text: 'LLM response: v2 q' }] });
    expect(report['cancel']?.value).toBe('cancelled');
  });
});
