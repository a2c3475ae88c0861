import type { ListedTool } from './list-tools.js';
import type { Findings } from './report.js';

/** The MCP rule for tool names (2025-11-25 and later). */
const VALID_NAME = /^[A-Za-z0-9_.-]{1,128}$/;
/** Longer names are cut or refused by many hosts (the OpenAI-style function limit). */
export const HOST_NAME_LIMIT = 64;

/** What a report calls a tool: its name, or its place in the list when it has none. */
export function toolLabel(tool: ListedTool, index: number): string {
  return typeof tool.name === 'string' ? tool.name : `#${index + 1} (no name)`;
}

/** Names: the MCP rule, the hosts' 64 characters, no duplicates. */
export function checkToolNames(tools: readonly ListedTool[], findings: Findings): void {
  const seen = new Set<string>();
  let problems = 0;
  tools.forEach((tool, index) => {
    const label = toolLabel(tool, index);
    const name = tool.name;
    if (typeof name !== 'string' || !VALID_NAME.test(name)) {
      problems++;
      findings.error(
        'names',
        'tool_name_invalid',
        `tool name ${JSON.stringify(name)} breaks the MCP rule (1 to 128 of A-Z a-z 0-9 _ - .)`,
        'rename it with letters, digits, _, - and . only (no spaces)',
        label,
      );
      return;
    }
    if (seen.has(name)) {
      problems++;
      findings.error(
        'names',
        'tool_name_duplicate',
        `two tools are named ${name}`,
        'give each tool its own name',
        label,
      );
    }
    seen.add(name);
    if (name.length > HOST_NAME_LIMIT) {
      problems++;
      findings.warn(
        'names',
        'tool_name_long',
        `${name.length} characters: many hosts cut or refuse names above ${HOST_NAME_LIMIT}`,
        `shorten it to ${HOST_NAME_LIMIT} characters or fewer`,
        label,
      );
    }
  });
  if (problems === 0) findings.ok('names', `${tools.length} tool name(s) valid and unique`);
}
