/**
 * The built modules the search benchmark measures. The index and the meta-tools are taken from
 * `@mcpforge/gateway`'s public entry when it exports them, else from the built files under
 * packages/*\/dist (the package has no subpath for them yet); the demo catalog likewise from
 * `@mcpforge/cli` or its dist. Run `npm run build` first.
 */
const DIST = new URL('../../../packages/', import.meta.url);

async function fromPackageOrDist(specifier, distPath, names) {
  const found = {};
  try {
    const module = await import(specifier);
    for (const name of names) if (module[name] !== undefined) found[name] = module[name];
  } catch {
    // Not built or not exported: the dist file below decides.
  }
  const missing = names.filter((name) => found[name] === undefined);
  if (missing.length === 0) return { ...found, source: specifier };
  let module;
  try {
    module = await import(new URL(distPath, DIST).href);
  } catch (error) {
    throw new Error(
      `${missing.join(', ')} not importable from ${specifier} nor packages/${distPath} (run \`npm run build\`): ${error.message.split('\n')[0]}`,
    );
  }
  for (const name of missing) {
    if (module[name] === undefined) throw new Error(`packages/${distPath} has no ${name}`);
    found[name] = module[name];
  }
  return { ...found, source: `packages/${distPath}` };
}

export function loadSearchIndex() {
  return fromPackageOrDist('@mcpforge/gateway', 'gateway/dist/search/index/index.js', [
    'ToolSearchIndex',
    'analyze',
    'tokenize',
    'schemaText',
  ]);
}

export function loadMetaTools() {
  return fromPackageOrDist('@mcpforge/gateway', 'gateway/dist/search/mcp/meta-tools.js', [
    'searchToolsDefinition',
    'callToolDefinition',
  ]);
}

export function loadDemoSearchCatalog() {
  return fromPackageOrDist('@mcpforge/cli', 'cli/dist/demo/search-catalog.js', [
    'DEMO_SEARCH_SECTIONS',
    'DEMO_SEARCH_OPERATIONS',
  ]);
}
