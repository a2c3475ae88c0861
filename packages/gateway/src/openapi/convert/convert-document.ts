import {
  MAX_DESCRIPTION_LENGTH,
  MAX_OPERATION_SECTIONS,
  MAX_TITLE_LENGTH,
} from '../../catalog/operation-definition.js';
import { HTTP_METHODS } from '../../catalog/rest-binding.js';
import { GatewayError } from '../../errors/gateway-error.js';
import { checkDraft } from './check-draft.js';
import type {
  ConvertOptions,
  ImportPlan,
  ImportWarning,
  PlannedOperation,
  RequiredSecret,
  SkippedOperation,
} from './import-plan.js';
import { assignUniqueNames, assignUniqueSlugs, baseToolName } from './naming.js';
import type { NormalDocument, NormalOperation } from './normal-document.js';
import { readOpenApi3 } from './openapi3.js';
import { conversionCompiler, operationInput } from './operation-input.js';
import { isRecord, stringOf } from './records.js';
import { securityBinding } from './security.js';
import { pickBaseUrl } from './servers.js';
import { readSwagger2 } from './swagger2.js';
import { sectionsOf } from './tags.js';
import { clampText, plainText, titleText } from './text.js';

/**
 * A validated, dereferenced OpenAPI 2.0, 3.0 or 3.1 document as an import plan: one draft
 * operation per API operation, or a skip with its reason. Pure: no I/O, nothing evaluated.
 * Every draft is checked by the gateway's own binding reader, and its input schema by the
 * toolkit's validator, before it is planned, so a plan never holds a draft the admin API would
 * refuse.
 * @module
 */

/** More than the documented options: the ones callers may pass as well. */
export interface ConvertDocumentOptions extends ConvertOptions {
  /** The base URL when the document's servers are relative or absent (relative ones resolve against it). */
  baseUrl?: string;
  /** Prefix of the secrets' environment variables (default: the document's title). */
  secretPrefix?: string;
}

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The document in one shape, or an error naming what it is. */
export function normalizeDocument(document: unknown): NormalDocument {
  if (!isRecord(document)) throw new TypeError('convertDocument: the document must be an object');
  if (typeof document['swagger'] === 'string' && document['swagger'].startsWith('2.'))
    return readSwagger2(document);
  const version = stringOf(document['openapi']) ?? '';
  if (version.startsWith('3.0')) return readOpenApi3(document, '3.0');
  if (version.startsWith('3.1') || version.startsWith('3.2')) return readOpenApi3(document, '3.1');
  throw new TypeError(`convertDocument: not an OpenAPI 2.0, 3.0 or 3.1 document (openapi: '${version}')`);
}

function approvalOf(operation: NormalOperation, policy: ConvertOptions['approval']): 'none' | 'required' {
  const override = operation.source['x-mcpforge-approval'];
  if (override === 'none' || override === 'required') return override;
  if (policy === 'all') return 'required';
  if (policy === 'none') return 'none';
  return UNSAFE_METHODS.has(operation.method) ? 'required' : 'none';
}

function descriptionOf(operation: NormalOperation): string {
  const text =
    plainText(operation.description) ||
    plainText(operation.summary) ||
    `${operation.method} ${operation.path}`;
  const marked = operation.deprecated ? `Deprecated. ${text}` : text;
  return clampText(marked, MAX_DESCRIPTION_LENGTH);
}

/** Converts `document` (validated and dereferenced) into an import plan. */
export function convertDocument(document: unknown, options: ConvertDocumentOptions = {}): ImportPlan {
  const normal = normalizeDocument(document);
  const warnings: ImportWarning[] = normal.notes.map((message) => ({ message }));
  const skipped: SkippedOperation[] = [];
  const secrets = new Map<string, RequiredSecret>();
  const hosts = new Set<string>();
  const compiler = conversionCompiler();
  const prefix = options.secretPrefix ?? normal.title;
  const baseUrl = pickBaseUrl(normal.servers, options.baseUrl);

  const keyOf = (operation: NormalOperation) => `${operation.method} ${operation.path}`;
  const skip = (operation: NormalOperation, reason: string) => {
    const entry: SkippedOperation = { key: keyOf(operation), reason };
    if (operation.operationId !== undefined) entry.operationId = operation.operationId;
    skipped.push(entry);
  };

  const candidates: NormalOperation[] = [];
  for (const operation of normal.operations) {
    if (operation.source['x-mcpforge-hidden'] === true) skip(operation, 'x-mcpforge-hidden is true');
    else if (!(HTTP_METHODS as readonly string[]).includes(operation.method))
      skip(operation, `${operation.method} is not a method the gateway calls (${HTTP_METHODS.join(', ')})`);
    else candidates.push(operation);
  }
  const names = assignUniqueNames(
    candidates.map((operation) => ({
      key: keyOf(operation),
      name: baseToolName(
        operation.method,
        operation.path,
        operation.operationId,
        stringOf(operation.source['x-mcpforge-tool-name']),
      ),
    })),
  );
  const slugs = assignUniqueSlugs(
    candidates.map((operation) => ({ key: keyOf(operation), name: names.get(keyOf(operation)) as string })),
    'operation',
  );
  const { sections, slugByTag } = sectionsOf(
    normal.tags,
    candidates.flatMap((operation) => operation.tags),
  );

  const operations: PlannedOperation[] = [];
  for (const operation of candidates) {
    const key = keyOf(operation);
    const warn = (message: string) => warnings.push({ key, message });
    const operationBase = pickBaseUrl(operation.servers, options.baseUrl);
    if (operationBase === undefined) {
      skip(operation, 'no absolute http(s) server URL: give the base URL to the import (--base-url)');
      continue;
    }
    const security = securityBinding(operation.security, normal.securitySchemes, prefix);
    const credentials = 'unsupported' in security ? { headers: {}, query: {}, secrets: [] } : security;
    if ('unsupported' in security) warn(`${security.unsupported}: imported without credentials`);
    const input = operationInput(
      operation,
      new Set(Object.keys(credentials.headers)),
      compiler,
      new Set(Object.keys(credentials.query)),
    );
    if ('skip' in input) {
      skip(operation, input.skip);
      continue;
    }
    for (const message of input.warnings) warn(message);
    if (operation.hasCallbacks) warn('callbacks are not imported: the operation is, without them');

    const binding: Record<string, unknown> = {
      method: operation.method,
      baseUrl: operationBase,
      path: input.path,
      arguments: input.arguments,
      headers: credentials.headers,
    };
    if (Object.keys(credentials.query).length > 0) binding['query'] = credentials.query;
    const draft: Record<string, unknown> = {
      name: names.get(key),
      description: descriptionOf(operation),
      sections: [...new Set(operation.tags.map((tag) => slugByTag.get(tag) as string))].slice(
        0,
        MAX_OPERATION_SECTIONS,
      ),
      inputSchema: input.inputSchema,
      annotations: {
        readOnlyHint: operation.method === 'GET',
        destructiveHint: operation.method === 'DELETE',
        idempotentHint: operation.method !== 'POST' && operation.method !== 'PATCH',
        openWorldHint: true,
      },
      binding,
      approval: approvalOf(operation, options.approval),
    };
    const title = titleText(operation.summary, MAX_TITLE_LENGTH);
    if (title !== undefined) draft['title'] = title;
    try {
      checkDraft(draft);
    } catch (error) {
      if (!(error instanceof GatewayError)) throw error;
      skip(operation, `the gateway refuses the draft: ${error.message}`);
      continue;
    }
    const planned: PlannedOperation = { key, slug: slugs.get(key) as string, draft };
    if (operation.operationId !== undefined) planned.operationId = operation.operationId;
    operations.push(planned);
    hosts.add(new URL(operationBase).host);
    for (const secret of credentials.secrets)
      secrets.set(`${secret.variable}:${secret.in}:${secret.name}`, secret);
  }
  return {
    baseUrl,
    hosts: [...hosts],
    sections,
    operations,
    skipped,
    warnings,
    secrets: [...secrets.values()],
  };
}
