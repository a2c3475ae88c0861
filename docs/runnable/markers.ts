/**
 * @module
 * Finds the shell blocks of a Markdown page that are marked runnable. The marker is an
 * HTML comment on the line just above a ```sh (or ```bash) fence, invisible when the page
 * is rendered:
 *
 *   <!-- runnable -->
 *   <!-- runnable id=build -->
 *   <!-- runnable needs=build output=next -->
 *   <!-- runnable server="listening" port=3000 -->
 *   <!-- runnable output-contains='"created":true' -->
 *   <!-- runnable fixture=gateway-demo -->
 *
 * docs/README.md documents the keys for writers; `parseRunnableBlocks` is the only reader.
 */
import { FIXTURES } from './fixtures.js';

/** One marked shell block, ready to run. */
export interface RunnableBlock {
  /** The page, as given to the parser (a repository-relative path). */
  readonly file: string;
  /** 1-based line of the opening fence. */
  readonly line: number;
  /** The name other blocks of the same page use in `needs`. */
  readonly id?: string | undefined;
  /** Blocks of the same page to run first, in this order. */
  readonly needs: readonly string[];
  /** Set for a block that starts a long-running process: the text that says it is up. */
  readonly server?: string | undefined;
  /** A port the block listens on, replaced by a free one when the check runs it. */
  readonly port?: number | undefined;
  /** What stdout must be (the next fenced block of the page), when `output=next`. */
  readonly output?: string | undefined;
  /**
   * The language of that block. For `json` stdout is compared as JSON, since the docs
   * formatter pretty-prints JSON blocks while a server writes one line per message.
   */
  readonly outputLanguage?: string | undefined;
  /** Text stdout must contain. */
  readonly outputContains?: string | undefined;
  /** A service the check starts for the block (and the blocks it needs), see `fixtures.ts`. */
  readonly fixture?: string | undefined;
  /** The shell commands, as the page shows them. */
  readonly script: string;
}

/** Why a marker could not be read: a writer's mistake, reported with its place. */
export class MarkerError extends Error {
  override readonly name = 'MarkerError';
  readonly code = 'ERR_RUNNABLE_MARKER';
}

const MARKER = /^<!--\s*runnable\b(.*?)-->\s*$/;
const SHELL_FENCE = /^```(sh|bash)\s*$/;
const ANY_FENCE = /^```(\S*)/;
const OPTION = /([a-z-]+)(?:=(?:"([^"]*)"|'([^']*)'|(\S+)))?/g;
const KEYS = new Set(['id', 'needs', 'server', 'port', 'output', 'output-contains', 'fixture']);

type Options = Map<string, string>;

function parseOptions(text: string, where: string): Options {
  const options: Options = new Map();
  for (const match of text.matchAll(OPTION)) {
    const [, key = '', doubleQuoted, singleQuoted, bare] = match;
    if (!KEYS.has(key)) {
      throw new MarkerError(`${where}: unknown runnable option '${key}' (known: ${[...KEYS].join(', ')})`);
    }
    const value = doubleQuoted ?? singleQuoted ?? bare;
    if (value === undefined || value === '')
      throw new MarkerError(`${where}: runnable option '${key}' needs a value`);
    options.set(key, value);
  }
  return options;
}

/** The fenced block starting at `start` (the fence line): its body and the line after its closing fence. */
function fencedBody(lines: readonly string[], start: number, where: string): { body: string; next: number } {
  for (let end = start + 1; end < lines.length; end += 1) {
    if (lines[end] === '```') return { body: lines.slice(start + 1, end).join('\n'), next: end + 1 };
  }
  throw new MarkerError(`${where}: the fenced block is never closed`);
}

function portOf(raw: string | undefined, where: string): number | undefined {
  if (raw === undefined) return undefined;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 1 || port > 65_535) {
    throw new MarkerError(`${where}: port=${raw} is not a TCP port`);
  }
  return port;
}

function fixtureOf(raw: string | undefined, where: string): string | undefined {
  if (raw === undefined || Object.hasOwn(FIXTURES, raw)) return raw;
  throw new MarkerError(`${where}: unknown fixture '${raw}' (known: ${Object.keys(FIXTURES).join(', ')})`);
}

/**
 * The runnable blocks of one page, in page order.
 * @throws MarkerError for a marker that is not followed by a shell block, an unknown option,
 *   `output=next` without a block after, a duplicate id, `needs` naming no earlier block, or an
 *   unknown fixture
 */
export function parseRunnableBlocks(file: string, markdown: string): RunnableBlock[] {
  const lines = markdown.split(/\r?\n/);
  const blocks: RunnableBlock[] = [];
  const ids = new Set<string>();
  for (let index = 0; index < lines.length; index += 1) {
    const marker = MARKER.exec(lines[index] ?? '');
    if (marker === null) continue;
    const where = `${file}:${index + 1}`;
    const options = parseOptions(marker[1] ?? '', where);
    const fence = index + 1;
    if (!SHELL_FENCE.test(lines[fence] ?? '')) {
      throw new MarkerError(`${where}: a runnable marker must sit on the line just above a \`\`\`sh block`);
    }
    const { body, next } = fencedBody(lines, fence, where);
    let output: string | undefined;
    let outputLanguage: string | undefined;
    const outputOption = options.get('output');
    if (outputOption !== undefined) {
      if (outputOption !== 'next') throw new MarkerError(`${where}: output takes only the value 'next'`);
      let after = next;
      while (lines[after]?.trim() === '') after += 1;
      const outputFence = ANY_FENCE.exec(lines[after] ?? '');
      if (outputFence === null) {
        throw new MarkerError(`${where}: output=next, but no fenced block follows the shell block`);
      }
      output = fencedBody(lines, after, where).body;
      outputLanguage = outputFence[1] === '' ? undefined : outputFence[1];
    }
    const id = options.get('id');
    if (id !== undefined) {
      if (ids.has(id)) throw new MarkerError(`${where}: another block of this page is already id=${id}`);
      ids.add(id);
    }
    const needs = options.get('needs')?.split(',') ?? [];
    for (const need of needs) {
      if (!ids.has(need))
        throw new MarkerError(`${where}: needs=${need}, but no earlier block has id=${need}`);
    }
    blocks.push({
      file,
      line: fence + 1,
      id,
      needs,
      server: options.get('server'),
      port: portOf(options.get('port'), where),
      output,
      outputLanguage,
      outputContains: options.get('output-contains'),
      fixture: fixtureOf(options.get('fixture'), where),
      script: body,
    });
    index = next - 1;
  }
  return blocks;
}

/** The blocks `block` needs, transitively, in the order to run them (each once), then `block`. */
export function runOrder(block: RunnableBlock, page: readonly RunnableBlock[]): RunnableBlock[] {
  const order: RunnableBlock[] = [];
  const visit = (current: RunnableBlock): void => {
    for (const need of current.needs) {
      const needed = page.find((candidate) => candidate.id === need);
      // parseRunnableBlocks already refused a need without an earlier block.
      if (needed !== undefined && !order.includes(needed)) visit(needed);
    }
    if (!order.includes(current)) order.push(current);
  };
  visit(block);
  return order;
}
