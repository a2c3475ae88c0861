import { RUN_FLAGS, type RunFlag } from './run-flags.js';

/** `--help`: how to start the server, and every flag it takes (`run()`'s and the server's own). */
export function runUsage(program: string, extra: readonly RunFlag[] = []): string {
  const flags = [...RUN_FLAGS, ...extra];
  const left = flags.map((flag) =>
    flag.value === undefined ? `--${flag.name}` : `--${flag.name} ${flag.value}`,
  );
  const width = Math.max(...left.map((text) => text.length)) + 2;
  const lines = flags.map((flag, index) => `  ${(left[index] as string).padEnd(width)}${flag.description}`);
  return [
    `Usage: ${program} [flags]`,
    '',
    'An MCP server. Without flags it speaks MCP (JSON-RPC, one message per line) on stdin and',
    'stdout: let an MCP client start it (its "command" and "args"), or try it with',
    `  npx @modelcontextprotocol/inspector ${program}`,
    '',
    'Flags:',
    ...lines,
    '',
  ].join('\n');
}
