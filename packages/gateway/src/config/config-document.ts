import { SchemaCompiler, type Validator } from '@mcpforge/server';
import { type AgentDefinition, readAgentDefinition } from '../catalog/agent-definition.js';
import { formatHostPattern, parseHostPattern } from '../catalog/host-pattern.js';
import { type OperationDefinition, readOperationDefinition } from '../catalog/operation-definition.js';
import { GatewayError, invalidField } from '../errors/gateway-error.js';
import { CONFIG_API_VERSION, CONFIG_SCHEMA } from './config-schema.js';

/**
 * A gateway configuration document: one workspace as code (sections, upstream allow-list,
 * operations with their drafts and published definitions, agents), never keys or secret values.
 * {@link readConfigDocument} checks an untrusted one against {@link CONFIG_SCHEMA}, then each
 * draft with the catalog's own readers, then that every slug it names is in the document; every
 * refusal is an `invalid_field` error whose field is the path in the document
 * (`operations[2].draft.binding.method`).
 * @module
 */

export interface ConfigSection {
  slug: string;
  title: string;
  description: string;
}

export interface ConfigUpstreamHost {
  hostPattern: string;
  allowLoopback: boolean;
  allowPrivate: boolean;
  allowLinkLocal: boolean;
}

/**
 * `published`: true when the draft is the latest published version; false when nothing is
 * published (apply publishes nothing); a definition when the latest version differs from the draft.
 */
export interface ConfigOperation {
  slug: string;
  draft: OperationDefinition;
  published: boolean | OperationDefinition;
}

/** `published` as for operations: for an agent, its settings are those of the latest version. */
export interface ConfigAgent {
  slug: string;
  draft: AgentDefinition;
  published: boolean | AgentDefinition;
}

export interface ConfigDocument {
  apiVersion: typeof CONFIG_API_VERSION;
  workspace: string;
  sections: ConfigSection[];
  upstreamHosts: ConfigUpstreamHost[];
  operations: ConfigOperation[];
  agents: ConfigAgent[];
}

let validator: Validator | undefined;

/** `operations/2/draft/name` as `operations[2].draft.name`. */
export function documentPath(pointer: string): string {
  if (pointer === '') return '';
  return pointer
    .split('/')
    .map((segment, index) => {
      const name = segment.replace(/~1/g, '/').replace(/~0/g, '~');
      if (/^\d+$/.test(name)) return `[${name}]`;
      return index === 0 ? name : `.${name}`;
    })
    .join('');
}

/** Checks `value`'s shape against the schema; the first issue names its path. */
function checkShape(value: unknown): void {
  validator ??= new SchemaCompiler({ subject: 'field', maxIssues: 10 }).compile(CONFIG_SCHEMA);
  const outcome = validator(value);
  if (outcome.ok) return;
  const issue = outcome.issues[0]!;
  const path = documentPath(issue.path);
  const detail = issue.message.replace(/^field '[^']*': /, '').replace(/^field: /, '');
  if (path === '') throw new GatewayError('invalid_field', `the document ${detail}`);
  throw invalidField(path, detail);
}

/** The index of each slug, refusing a second use of one. */
function uniqueSlugs(entries: readonly { slug: string }[], list: string): Map<string, number> {
  const seen = new Map<string, number>();
  entries.forEach((entry, index) => {
    const first = seen.get(entry.slug);
    if (first !== undefined) {
      throw invalidField(
        `${list}[${index}].slug`,
        `'${entry.slug}' is also ${list}[${first}]: list each once`,
      );
    }
    seen.set(entry.slug, index);
  });
  return seen;
}

function checkReferences(
  slugs: readonly string[],
  known: ReadonlyMap<string, number>,
  field: string,
  what: string,
): void {
  slugs.forEach((slug, index) => {
    if (!known.has(slug)) {
      throw new GatewayError(
        'invalid_field',
        `${field}[${index}]: ${what} '${slug}' is not in the document's ${what === 'section' ? 'sections' : 'operations'}; add it there or remove it here`,
        { field: `${field}[${index}]` },
      );
    }
  });
}

type Raw = Record<string, unknown>;

function readPublished<D>(
  value: unknown,
  field: string,
  read: (value: unknown, field: string) => D,
): boolean | D {
  if (value === undefined) return false;
  if (typeof value === 'boolean') return value;
  return read(value, field);
}

/**
 * Reads an untrusted configuration document, with every default filled in (as an export writes
 * it), so two documents meaning the same compare equal.
 * @throws GatewayError `invalid_field` naming the path in the document.
 */
export function readConfigDocument(value: unknown): ConfigDocument {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new GatewayError(
      'invalid_field',
      'the document must be an object (a YAML mapping or a JSON object) with apiVersion and workspace; gateway export writes one',
    );
  }
  checkShape(value);
  const raw = value as Raw;
  const sections = ((raw['sections'] ?? []) as Raw[]).map((section) => ({
    slug: section['slug'] as string,
    title: section['title'] as string,
    description: (section['description'] as string | undefined) ?? '',
  }));
  const upstreamHosts = ((raw['upstreamHosts'] ?? []) as Raw[]).map((host, index) => ({
    hostPattern: formatHostPattern(
      parseHostPattern(host['hostPattern'] as string, `upstreamHosts[${index}].hostPattern`),
    ),
    allowLoopback: host['allowLoopback'] === true,
    allowPrivate: host['allowPrivate'] === true,
    allowLinkLocal: host['allowLinkLocal'] === true,
  }));
  const operations = ((raw['operations'] ?? []) as Raw[]).map((operation, index) => ({
    slug: operation['slug'] as string,
    draft: readOperationDefinition(operation['draft'], `operations[${index}].draft`),
    published: readPublished(
      operation['published'],
      `operations[${index}].published`,
      readOperationDefinition,
    ),
  }));
  const agents = ((raw['agents'] ?? []) as Raw[]).map((agent, index) => ({
    slug: agent['slug'] as string,
    draft: readAgentDefinition(agent['draft'] ?? {}, `agents[${index}].draft`),
    published: readPublished(agent['published'], `agents[${index}].published`, readAgentDefinition),
  }));
  const sectionSlugs = uniqueSlugs(sections, 'sections');
  uniqueSlugs(
    upstreamHosts.map((host) => ({ slug: host.hostPattern })),
    'upstreamHosts',
  );
  const operationSlugs = uniqueSlugs(operations, 'operations');
  uniqueSlugs(agents, 'agents');
  operations.forEach((operation, index) => {
    checkReferences(operation.draft.sections, sectionSlugs, `operations[${index}].draft.sections`, 'section');
    if (typeof operation.published === 'object') {
      const field = `operations[${index}].published.sections`;
      checkReferences(operation.published.sections, sectionSlugs, field, 'section');
    }
  });
  agents.forEach((agent, index) => {
    for (const [part, definition] of [
      ['draft', agent.draft],
      ['published', agent.published],
    ] as const) {
      if (typeof definition !== 'object') continue;
      const at = `agents[${index}].${part}`;
      checkReferences(definition.sections, sectionSlugs, `${at}.sections`, 'section');
      checkReferences(definition.operations, operationSlugs, `${at}.operations`, 'operation');
    }
  });
  return {
    apiVersion: CONFIG_API_VERSION,
    workspace: raw['workspace'] as string,
    sections,
    upstreamHosts,
    operations,
    agents,
  };
}
