import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEMO, DEMO_ARGUMENTS } from './seed-demo.js';

/**
 * What the demo prints for a person to try: curl lines (the seed's examples) and an MCP
 * Inspector command.
 * @module
 */

/** The protocol version the printed `initialize` asks for (the seed's example). */
export const DEMO_PROTOCOL_VERSION = '2025-06-18';

/** Single-quotes `text` for a POSIX shell. */
function shellQuote(text: string): string {
  return `'${text.replaceAll("'", "'\\''")}'`;
}

function curl(url: string, key: string, body: object, session: boolean): string {
  return [
    `curl -i ${shellQuote(url)}`,
    `  -H ${shellQuote(`Authorization: Bearer ${key}`)}`,
    "  -H 'Content-Type: application/json'",
    "  -H 'Accept: application/json, text/event-stream'",
    ...(session ? ["  -H 'MCP-Session-Id: <session id from the initialize answer>'"] : []),
    `  --data ${shellQuote(JSON.stringify(body))}`,
  ].join(' \\\n');
}

/** `initialize`, as in seed 003. */
export function initializeCurl(mcpUrl: string, key: string): string {
  return curl(
    mcpUrl,
    key,
    {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: {
        protocolVersion: DEMO_PROTOCOL_VERSION,
        capabilities: {},
        clientInfo: { name: 'curl', version: '1.0.0' },
      },
    },
    false,
  );
}

/** `tools/call` of the demo tool with the seed's arguments, in the session `initialize` opened. */
export function callCurl(mcpUrl: string, key: string): string {
  return curl(
    mcpUrl,
    key,
    { jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: DEMO.tool, arguments: DEMO_ARGUMENTS } },
    true,
  );
}

/**
 * The checkout of this repository the CLI runs from, or undefined when it was installed from a
 * package: there `npm run inspector` runs the Inspector on the Node 22 it needs
 * (scripts/node22.mjs), with nothing to download.
 */
function checkoutRoot(): string | undefined {
  // src/demo/try-lines.ts or dist/demo/try-lines.js, in packages/cli.
  const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', '..');
  try {
    const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts?: object };
    return existsSync(join(root, 'scripts', 'node22.mjs')) && 'inspector' in (manifest.scripts ?? {})
      ? root
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The MCP Inspector's CLI mode listing the tools, as a command that runs where the person is
 * (`cwd`): in a checkout `npm run inspector -- ...` (with `--prefix` from another folder, since
 * npm looks for the script in the nearest package.json), else `npx` (which needs Node 22.19+).
 */
export function inspectorCommand(mcpUrl: string, key: string, cwd = process.cwd()): string {
  const root = checkoutRoot();
  const launcher =
    root === undefined
      ? 'npx -y @modelcontextprotocol/inspector'
      : resolve(cwd) === resolve(root)
        ? 'npm run inspector --'
        : `npm --prefix ${shellQuote(resolve(root))} run inspector --`;
  return [
    `${launcher} --cli`,
    shellQuote(mcpUrl),
    '--transport http',
    `--header ${shellQuote(`Authorization: Bearer ${key}`)}`,
    '--method tools/list',
  ].join(' ');
}
