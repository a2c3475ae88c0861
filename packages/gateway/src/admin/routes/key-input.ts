import type { JsonRecord } from '../../catalog/field-reader.js';
import { readSlug } from '../../catalog/slug.js';
import { invalidField } from '../../errors/gateway-error.js';
import type { CreateKeyInput } from '../../keys/api-keys-table.js';
import { KEY_TYPES, type KeyType } from '../../keys/key-types.js';

/** Body fields of a key creation. */
export const KEY_CREATE_FIELDS = ['type', 'name', 'workspace', 'agent', 'allowedOrigins'] as const;

function readKeyType(value: unknown, field: string): KeyType {
  if (typeof value !== 'string' || !(KEY_TYPES as readonly string[]).includes(value)) {
    throw invalidField(field, `must be one of ${KEY_TYPES.map((type) => `'${type}'`).join(', ')}`);
  }
  return value as KeyType;
}

/**
 * The creation input for the key's type; a binding the type does not take (a workspace for an
 * admin key, origins for an MCP client key) is refused rather than ignored.
 */
export function readKeyInput(fields: JsonRecord): CreateKeyInput {
  const type = readKeyType(fields['type'], 'type');
  const name = fields['name'] as string;
  const refuse = (field: string, why: string) => {
    if (fields[field] !== undefined) throw invalidField(field, why);
  };
  if (type === 'admin') {
    refuse('workspace', 'is not taken by an admin key (it reaches every workspace)');
    refuse('agent', 'is not taken by an admin key');
    refuse('allowedOrigins', 'is only for approval keys');
    return { type, name };
  }
  const workspace = readSlug(fields['workspace'], 'workspace');
  if (type === 'mcp_client') {
    refuse('allowedOrigins', 'is only for approval keys');
    return { type, name, workspace, agent: readSlug(fields['agent'], 'agent') };
  }
  const agent = fields['agent'] === undefined ? undefined : readSlug(fields['agent'], 'agent');
  return { type, name, workspace, agent, allowedOrigins: fields['allowedOrigins'] as string[] | undefined };
}

/** `?type=` of the key list. */
export function readKeyTypeFilter(value: string | undefined): KeyType | undefined {
  return value === undefined ? undefined : readKeyType(value, 'type');
}
