import type { JsonSchema, ToolAnnotations } from '@mcpforge/server';
import { invalidField } from '../errors/gateway-error.js';
import {
  readBoolean,
  readChoice,
  readObject,
  readOptionalString,
  readString,
  readUniqueList,
  rejectUnknownKeys,
} from './field-reader.js';
import { type RestBinding, readRestBinding } from './rest-binding.js';
import { readSlug } from './slug.js';
import { readToolSchema, schemaFacts } from './tool-schema.js';

/** Whether a person approves each call before it runs (`required` is served by the approvals work). */
export const APPROVAL_MODES = ['none', 'required'] as const;
export type ApprovalMode = (typeof APPROVAL_MODES)[number];

/** MCP tool names as this gateway publishes them. */
export const TOOL_NAME_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
/** Longest tool title. */
export const MAX_TITLE_LENGTH = 128;
/** Longest tool description: it is read by a model on every `tools/list`. */
export const MAX_DESCRIPTION_LENGTH = 8192;
/** Most sections one operation belongs to. */
export const MAX_OPERATION_SECTIONS = 16;

/**
 * What one version of an operation is: the MCP tool it publishes and the REST call behind it.
 * A draft and every published version hold one of these, with every default filled in.
 */
export interface OperationDefinition {
  name: string;
  title?: string;
  description: string;
  /** Section slugs of the workspace. */
  sections: string[];
  inputSchema: JsonSchema;
  outputSchema?: JsonSchema;
  annotations?: ToolAnnotations;
  binding: RestBinding;
  approval: ApprovalMode;
}

const HINTS = ['readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint'] as const;

function readAnnotations(value: unknown, field: string): ToolAnnotations | undefined {
  if (value === undefined) return undefined;
  const record = readObject(value, field);
  rejectUnknownKeys(record, ['title', ...HINTS], field);
  const annotations: ToolAnnotations = {};
  const title = readOptionalString(record['title'], `${field}.title`, { max: MAX_TITLE_LENGTH });
  if (title !== undefined) annotations.title = title;
  for (const hint of HINTS) {
    if (record[hint] !== undefined) annotations[hint] = readBoolean(record[hint], `${field}.${hint}`, false);
  }
  return annotations;
}

/**
 * Reads an operation definition from untrusted JSON, filling defaults (`approval: 'none'`, the
 * binding's timeout and size cap). Checks everything that does not depend on the workspace;
 * publishing checks the sections and the upstream allow-list.
 * @throws GatewayError `invalid_field` naming the first field at fault.
 */
export function readOperationDefinition(value: unknown, field = ''): OperationDefinition {
  const record = readObject(value, field);
  const at = (key: string) => (field === '' ? key : `${field}.${key}`);
  rejectUnknownKeys(
    record,
    [
      'name',
      'title',
      'description',
      'sections',
      'inputSchema',
      'outputSchema',
      'annotations',
      'binding',
      'approval',
    ],
    field,
  );
  const name = readString(record['name'], at('name'), {
    max: 64,
    pattern: TOOL_NAME_PATTERN,
    patternHint: '1..64 characters of A-Z, a-z, 0-9, _ and -',
  });
  const description = readString(record['description'], at('description'), { max: MAX_DESCRIPTION_LENGTH });
  if (description.trim() === '') throw invalidField(at('description'), 'must say what the tool does');
  const inputSchema = readToolSchema(record['inputSchema'], at('inputSchema'));
  const definition: OperationDefinition = {
    name,
    description,
    sections: readUniqueList(record['sections'], at('sections'), MAX_OPERATION_SECTIONS, readSlug),
    inputSchema,
    binding: readRestBinding(record['binding'], at('binding'), schemaFacts(inputSchema)),
    approval: readChoice(record['approval'], at('approval'), APPROVAL_MODES, 'none'),
  };
  const title = readOptionalString(record['title'], at('title'), { max: MAX_TITLE_LENGTH });
  if (title !== undefined) definition.title = title;
  if (record['outputSchema'] !== undefined) {
    definition.outputSchema = readToolSchema(record['outputSchema'], at('outputSchema'));
  }
  const annotations = readAnnotations(record['annotations'], at('annotations'));
  if (annotations !== undefined) definition.annotations = annotations;
  return definition;
}
