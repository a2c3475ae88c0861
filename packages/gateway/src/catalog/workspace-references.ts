import { GatewayError } from '../errors/gateway-error.js';
import type { OperationDefinition } from './operation-definition.js';
import type { Section } from './sections-table.js';
import { findUpstreamHost, type UpstreamHost } from './upstream-hosts-table.js';

/**
 * Checks what an operation definition refers to in its workspace, at publish time (a draft may
 * name a section or host that does not exist yet): every section exists, and the upstream host
 * is on the allow-list. The address check after DNS resolution happens at call time.
 * @throws GatewayError `reference_not_found` (`draft.sections[i]`), `upstream_not_allowed` (`draft.binding.baseUrl`).
 */
export function checkOperationReferences(
  definition: OperationDefinition,
  sections: readonly Section[],
  hosts: readonly UpstreamHost[],
  workspaceSlug: string,
): void {
  const known = new Set(sections.map((section) => section.slug));
  definition.sections.forEach((slug, index) => {
    if (!known.has(slug)) {
      throw new GatewayError(
        'reference_not_found',
        `section '${slug}' does not exist in workspace '${workspaceSlug}'`,
        {
          field: `draft.sections[${index}]`,
        },
      );
    }
  });
  const url = new URL(definition.binding.baseUrl);
  if (findUpstreamHost(hosts, url) === undefined) {
    throw new GatewayError(
      'upstream_not_allowed',
      `host '${url.host}' is not on the upstream allow-list of workspace '${workspaceSlug}': add it there first`,
      { field: 'draft.binding.baseUrl' },
    );
  }
}
