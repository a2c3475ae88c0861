/**
 * Seeds of an agent in search mode for ./agent-endpoint.mjs, each the product's own path:
 * - `openApiSeed`: the agent created with `delivery: 'search'`, then `importOpenApi` (what
 *   `mcpforge gateway import openapi --agent --publish --allow-host` runs) adds every operation
 *   to its draft and publishes operations and agent; one `mcp_client` key;
 * - `demoOfficeSeed`: `seedDemo` of `mcpforge gateway demo` (built CLI), whose `office` agent
 *   serves the bundled Russian catalog in search mode, with the key the demo makes for it.
 * A seed takes the gateway's database and returns `{ workspace, agent, key, how, operations?,
 * counts? }`; `operations` maps tool names to the API's operationIds for the tasks.
 */
import { createAgent, createKey, createWorkspace } from '@mcpforge/gateway';
import { importOpenApi } from '@mcpforge/gateway/openapi';

const CLI_SEED = new URL('../../../packages/cli/dist/demo/seed-demo.js', import.meta.url);
/** The demo's upstreams are never called here (only search_tools is): a closed port stands for them. */
const NOWHERE = new URL('http://127.0.0.1:9');

/** `source` (an OpenAPI file) imported into `workspace`/`agent`, published in search mode. */
export function openApiSeed(source, { workspace = 'bench', agent = 'search' } = {}) {
  return async (db) => {
    await createWorkspace(db, { slug: workspace });
    await createAgent(db, workspace, { slug: agent, draft: { delivery: 'search', operations: [] } });
    const report = await importOpenApi(db, source, { workspace, agent, publish: true, allowHost: true });
    const key = await createKey(db, { type: 'mcp_client', name: 'bench', workspace, agent });
    return {
      workspace,
      agent,
      key: key.value,
      how: `importOpenApi (@mcpforge/gateway/openapi) into agent ${workspace}/${agent}, created with delivery 'search', operations and agent published`,
      operations: report.operations,
      counts: report.counts,
    };
  };
}

/** The demo's seed; its `office` agent in search mode. Needs `npm run build` (the CLI's dist). */
export function demoOfficeSeed() {
  return async (db) => {
    let module;
    try {
      module = await import(CLI_SEED.href);
    } catch (error) {
      throw new Error(
        `packages/cli/dist/demo/seed-demo.js is not importable (run \`npm run build\`): ${error.message}`,
      );
    }
    const { seedDemo, DEMO, OFFICE } = module;
    const keys = await seedDemo(db, { rates: NOWHERE, orders: NOWHERE, office: NOWHERE });
    return {
      workspace: DEMO.workspace,
      agent: OFFICE.agent,
      key: keys.officeMcpClient,
      how: `seedDemo of \`mcpforge gateway demo\`, agent ${DEMO.workspace}/${OFFICE.agent}`,
    };
  };
}
