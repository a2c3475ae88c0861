/**
 * GitHub's REST API description (@octokit/openapi, 1,223 operations) as catalog tools, the way
 * the gateway imports it: `loadOpenApiDocument` (validated, dereferenced) and `convertDocument`
 * from `@mcpforge/gateway/openapi`. The package is 385 MB, so it is not a dependency:
 * scripts/octokit-openapi.mjs fetches only its api.github.com.json into .cache/ on first use;
 * BENCH_GITHUB_OPENAPI names another copy of the file.
 */
import { ensureGithubOpenApi } from '../../../scripts/octokit-openapi.mjs';
import { catalogTool } from './catalog-tool.mjs';

export async function loadGithubCatalog(env = process.env) {
  const path = env.BENCH_GITHUB_OPENAPI || ensureGithubOpenApi();
  const { convertDocument, loadOpenApiDocument } = await import('@mcpforge/gateway/openapi');
  const loaded = await loadOpenApiDocument(path);
  const plan = convertDocument(loaded.document);
  return {
    tools: fromPlan(plan),
    converter: 'loadOpenApiDocument + convertDocument (@mcpforge/gateway/openapi)',
    path,
  };
}

/** Tools from the converter's plan: its drafts are what the gateway would publish. */
function fromPlan(plan) {
  const sections = new Map(plan.sections.map((section) => [section.slug, section]));
  return plan.operations.map(({ operationId, draft, key }) =>
    catalogTool(operationId ?? key, draft, draft.binding?.method ?? 'GET', sections),
  );
}
