import type { JsonSchema } from '@mcpforge/server';
import {
  APPROVAL_MODES,
  MAX_DESCRIPTION_LENGTH,
  MAX_TITLE_LENGTH,
  TOOL_NAME_PATTERN,
} from '../../catalog/operation-definition.js';
import { readRestBinding } from '../../catalog/rest-binding.js';
import { readSlug } from '../../catalog/slug.js';
import { schemaFacts } from '../../catalog/tool-schema.js';
import { invalidField } from '../../errors/gateway-error.js';

/**
 * What `readOperationDefinition` checks of a draft, but the input schema's compilation (done
 * once per conversion by a shared compiler, where the reader builds a validator per call:
 * 40 ms each, minutes on a large API).
 * @throws GatewayError `invalid_field` naming the field.
 */
export function checkDraft(draft: Record<string, unknown>): void {
  const name = draft['name'];
  if (typeof name !== 'string' || !TOOL_NAME_PATTERN.test(name))
    throw invalidField('name', 'is not a tool name');
  const description = draft['description'];
  if (
    typeof description !== 'string' ||
    description.trim() === '' ||
    description.length > MAX_DESCRIPTION_LENGTH
  ) {
    throw invalidField('description', `must be 1..${MAX_DESCRIPTION_LENGTH} characters`);
  }
  const title = draft['title'];
  if (title !== undefined && (typeof title !== 'string' || title.length > MAX_TITLE_LENGTH || title === '')) {
    throw invalidField('title', `must be 1..${MAX_TITLE_LENGTH} characters`);
  }
  for (const [index, slug] of (draft['sections'] as unknown[]).entries())
    readSlug(slug, `sections[${index}]`);
  if (!(APPROVAL_MODES as readonly unknown[]).includes(draft['approval']))
    throw invalidField('approval', 'unknown');
  readRestBinding(draft['binding'], 'binding', schemaFacts(draft['inputSchema'] as JsonSchema));
}
