import { reportBroken } from './handshake.js';
import type { Findings } from './report.js';
import type { CheckSession } from './session.js';
import { describeOutcome } from './transport.js';

/** A tool as listed: only what the checks read is typed, the rest is kept as sent. */
export type ListedTool = Record<string, unknown> & { name?: unknown; inputSchema?: unknown };

/** Pages followed at most: a server that keeps handing out cursors is reported, not followed forever. */
const MAX_PAGES = 100;

/** Every page of `tools/list`; undefined (with a finding) when the list could not be read. */
export async function listAllTools(
  session: CheckSession,
  findings: Findings,
): Promise<ListedTool[] | undefined> {
  const tools: ListedTool[] = [];
  const seen = new Set<string>();
  let cursor: string | undefined;
  for (let page = 1; page <= MAX_PAGES; page++) {
    const outcome = await session.request('tools/list', cursor === undefined ? {} : { cursor });
    if (reportBroken(findings, outcome, `tools/list (page ${page})`)) return undefined;
    if (outcome.kind !== 'result') {
      findings.error(
        'tools/list',
        'tools_list_failed',
        `tools/list (page ${page}) got ${describeOutcome(outcome)}`,
        'answer tools/list with { tools: [...] } (a server with tools declares the tools capability)',
      );
      return undefined;
    }
    const result = outcome.result as { tools?: unknown; nextCursor?: unknown } | null;
    if (typeof result !== 'object' || result === null || !Array.isArray(result.tools)) {
      findings.error(
        'tools/list',
        'tools_list_invalid',
        `tools/list (page ${page}) answered without a tools array`,
        'answer tools/list with { tools: [...], nextCursor? }',
      );
      return undefined;
    }
    for (const tool of result.tools) {
      if (typeof tool === 'object' && tool !== null && !Array.isArray(tool)) tools.push(tool as ListedTool);
      else {
        findings.error(
          'tools/list',
          'tools_list_invalid',
          `tools/list (page ${page}) holds an entry that is not an object`,
          'list each tool as an object with name and inputSchema',
        );
      }
    }
    const next = result.nextCursor;
    if (next === undefined || next === null || next === '') {
      findings.ok('tools/list', `${tools.length} tool(s) on ${page} page(s)`);
      return tools;
    }
    if (typeof next !== 'string' || seen.has(next)) {
      findings.error(
        'tools/list',
        'tools_list_cursor_loop',
        `tools/list (page ${page}) gave ${typeof next === 'string' ? 'a cursor it gave before' : 'a nextCursor that is not a string'}`,
        'give a new string nextCursor for each further page, and none on the last',
      );
      return tools;
    }
    seen.add(next);
    cursor = next;
  }
  findings.error(
    'tools/list',
    'tools_list_cursor_loop',
    `tools/list still had a nextCursor after ${MAX_PAGES} pages`,
    'end the list: no nextCursor on the last page',
  );
  return tools;
}
