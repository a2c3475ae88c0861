import { CliError } from '../cli/cli-error.js';
import type { FlagSpec } from '../cli/flags.js';
import type { AdminClient } from './admin-client.js';
import type { Operation } from './admin-types.js';

/**
 * Choosing a workspace's operations by selector rather than one by one: `--all`, `--section
 * SLUG` (the operations in that section) and `--tag NAME` (an OpenAPI tag: the import makes each
 * tag a section titled with the tag's name). Used by `operations publish` and `agents create|edit`.
 * @module
 */

export const SELECTOR_FLAGS: readonly FlagSpec[] = [
  { name: 'all', description: 'every operation of the workspace (not archived)' },
  {
    name: 'section',
    value: 'SLUG',
    description: 'the operations in this section (repeat for more)',
    example: 'rates',
  },
  {
    name: 'tag',
    value: 'NAME',
    description: 'the operations of this OpenAPI tag: the section the import made of it (repeat for more)',
    example: 'pets',
  },
];

export interface Selector {
  all: boolean;
  sections: readonly string[];
  tags: readonly string[];
}

/** The selector the flags give, or undefined when none is given. */
export function selectorOf(
  flags: Readonly<Record<string, string | true>>,
  repeated: Readonly<Record<string, readonly string[]>>,
): Selector | undefined {
  const selector = {
    all: flags['all'] === true,
    sections: repeated['section'] ?? [],
    tags: repeated['tag'] ?? [],
  };
  return selector.all || selector.sections.length > 0 || selector.tags.length > 0 ? selector : undefined;
}

/**
 * The operations `selector` picks (by slug, not archived) and the sections it named.
 * @throws CliError `invalid_value` for a section or tag the workspace does not have.
 */
export async function selectOperations(
  client: AdminClient,
  workspace: string,
  selector: Selector,
): Promise<{ operations: Operation[]; sections: string[] }> {
  const operations = await client.listOperations(workspace);
  if (selector.all && selector.sections.length === 0 && selector.tags.length === 0) {
    return { operations, sections: [] };
  }
  const known =
    selector.sections.length + selector.tags.length > 0 ? await client.listSections(workspace) : [];
  const wanted = new Set<string>();
  for (const slug of selector.sections) {
    if (!known.some((section) => section.slug === slug)) {
      throw new CliError(
        'invalid_value',
        `--section ${slug}: '${workspace}' has no such section (it has: ${known.map((s) => s.slug).join(', ') || 'none'}); mcpforge gateway sections list --workspace ${workspace}`,
      );
    }
    wanted.add(slug);
  }
  for (const tag of selector.tags) {
    const section =
      known.find((s) => s.title === tag) ??
      known.find((s) => s.title.toLowerCase() === tag.toLowerCase() || s.slug === tag);
    if (section === undefined) {
      throw new CliError(
        'invalid_value',
        `--tag ${tag}: no section of '${workspace}' comes from that tag (titles: ${known.map((s) => s.title).join(', ') || 'none'})`,
      );
    }
    wanted.add(section.slug);
  }
  const picked = selector.all
    ? operations
    : operations.filter((operation) =>
        ((operation.draft['sections'] as string[] | undefined) ?? []).some((slug) => wanted.has(slug)),
      );
  return { operations: picked, sections: [...wanted] };
}
