/** Paths of the Node 22 test peers in tools/node22 and of the Node 22 that runs them. */
export interface Node22Tools {
  /** A Node 22 binary (at least `NODE22_MINIMUM`). */
  node: string;
  /** The MCP Inspector launcher (`mcp-inspector`); run it with `node`. */
  inspector: string;
  conformanceStable: string;
  conformanceNext: string;
}

export const NODE22_VERSION: string;
export const NODE22_MINIMUM: string;
export function ensureNode22(): string;
export function ensureNode22Tools(): Node22Tools;
export function node22ToolPaths(node?: string): Node22Tools;
/** The npm CLI script (`npm-cli.js`) of the running Node, to run with another Node. */
export function npmCli(): string;
/** The environment without the `npm_*` variables npm hands to the scripts it runs. */
export function cleanNpmEnv(): NodeJS.ProcessEnv;
