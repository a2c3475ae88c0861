import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURE_START_TIMEOUT_MS, type RunningFixture, startFixture } from './fixtures.js';
import { parseRunnableBlocks, type RunnableBlock } from './markers.js';
import { blockEnvironment, documentationPages } from './pages.js';
import { type BlockRun, DEFAULT_BLOCK_TIMEOUT_MS, runBlock } from './run-block.js';

/**
 * Every shell block of the README and docs marked `<!-- runnable -->` runs, as written, from
 * the repository root (the global setup has built dist/), page by page in the page's order, as
 * a reader runs them. The convention: docs/README.md.
 */
const ROOT = join(import.meta.dirname, '..', '..');
const pages = documentationPages(ROOT).map((file) => ({
  file,
  blocks: parseRunnableBlocks(file, readFileSync(join(ROOT, file), 'utf8')),
}));

/**
 * What a doc command could leave behind, as git sees it: untracked files (an `npm pack` without
 * a destination, data written into the checkout, emitted `.js`) and changed package manifests
 * (an `npm install`). Edits to tracked sources are left out, so someone editing while the check
 * runs is not blamed on a block. Undefined outside a git checkout.
 */
function workingTreeStatus(): Set<string> | undefined {
  try {
    const status = execFileSync('git', ['status', '--porcelain=v1', '--untracked-files=all'], {
      cwd: ROOT,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    const lines = status.split('\n').filter((line) => line !== '');
    // A porcelain line is two status letters, a space and the path.
    const manifest = (line: string): boolean => /(^|\/)package(-lock)?\.json$/.test(line.slice(3));
    return new Set(lines.filter((line) => line.startsWith('??') || manifest(line)));
  } catch {
    return undefined;
  }
}

function describeRun(block: RunnableBlock, run: BlockRun): string {
  const ended = run.timedOut ? 'ran past its time' : `ended with code ${run.code} signal ${run.signal}`;
  return [
    `${block.file}:${block.line} ${ended}`,
    `script:\n${run.script}`,
    `stdout:\n${run.stdout.slice(-4000)}`,
    `stderr:\n${run.stderr.slice(-4000)}`,
  ].join('\n');
}

function checkRun(block: RunnableBlock, run: BlockRun): void {
  const story = describeRun(block, run);
  if (block.server !== undefined) {
    expect(run.serverReady, `never printed ${JSON.stringify(block.server)}\n${story}`).toBe(true);
  } else {
    expect(run.timedOut, story).toBe(false);
    expect(run.code, story).toBe(0);
  }
  if (block.output !== undefined && block.outputLanguage === 'json') {
    // One JSON line on stdout, shown pretty-printed on the page.
    expect(run.stdout.trimEnd().split('\n'), story).toHaveLength(1);
    expect(JSON.parse(run.stdout), story).toEqual(JSON.parse(block.output));
  } else if (block.output !== undefined) {
    expect(run.stdout.trimEnd(), story).toBe(block.output.trimEnd());
  }
  if (block.outputContains !== undefined) expect(run.stdout, story).toContain(block.outputContains);
}

function title(block: RunnableBlock): string {
  const first = block.script.split('\n').find((line) => line.trim() !== '') ?? '';
  return `line ${block.line}: ${first.length > 70 ? `${first.slice(0, 67)}...` : first}`;
}

describe('runnable doc commands', () => {
  it('finds marked blocks (the page list and the marker still match the docs)', () => {
    expect(pages.map((page) => page.file)).toContain('README.md');
    expect(pages.flatMap((page) => page.blocks).length).toBeGreaterThan(5);
  });

  // A page is run as a reader follows it: its blocks in order, in one scratch folder, against
  // one fixture (a demo started once for the page), so a block sees what the blocks above it did.
  describe.each(pages.filter((page) => page.blocks.length > 0))('$file', ({ file, blocks }) => {
    const names = [
      ...new Set(blocks.flatMap((block) => (block.fixture === undefined ? [] : [block.fixture]))),
    ];
    let scratch: string;
    let fixture: RunningFixture | undefined;
    let env: NodeJS.ProcessEnv;
    let failed: string | undefined;
    beforeAll(async () => {
      expect(names.length, `${file}: its blocks name two fixtures`).toBeLessThan(2);
      scratch = mkdtempSync(join(tmpdir(), 'mcpforge-runnable-'));
      env = blockEnvironment(scratch);
      if (names[0] !== undefined) fixture = await startFixture(names[0], { cwd: ROOT, env });
    }, FIXTURE_START_TIMEOUT_MS);
    afterAll(async () => {
      await fixture?.stop();
      if (scratch !== undefined) rmSync(scratch, { recursive: true, force: true });
    });

    it.each(blocks.map((block) => ({ block, name: title(block) })))(
      '$name',
      async ({ block }) => {
        // A reader stops at the first block that fails; so does the check, naming it.
        expect(failed, `an earlier block of ${file} failed: ${failed}`).toBeUndefined();
        const before = workingTreeStatus();
        try {
          const run = await runBlock(block, { cwd: ROOT, env: { ...env, ...fixture?.env } });
          checkRun(block, run);
        } catch (error) {
          failed = `line ${block.line}`;
          throw error;
        }
        const after = workingTreeStatus();
        if (before !== undefined && after !== undefined) {
          const dirtied = [...after].filter((line) => !before.has(line));
          expect(
            dirtied,
            `${block.file}:${block.line} changed the working tree (or someone did while it ran: run it again)`,
          ).toEqual([]);
        }
      },
      DEFAULT_BLOCK_TIMEOUT_MS * 2,
    );
  });
});
