import { fileURLToPath } from 'node:url';
import { canonicalJson } from '@mcpforge/server';
import { expect, it } from 'vitest';
import { readOperationDefinition } from '../../catalog/operation-definition.js';
import { convertDocument } from '../convert/convert-document.js';
import { loadOpenApiDocument } from '../load/load-document.js';
import { withReadDefaults } from './draft-defaults.js';

const EXAMPLES = fileURLToPath(new URL('../../../../../node_modules/@readme/oas-examples/', import.meta.url));

it.each(['3.0/json/petstore.json', '3.1/json/parameters-style.json', '2.0/json/petstore.json'])(
  'for the converter’s drafts of %s, fills exactly the defaults the gateway fills when it reads them',
  async (document) => {
    const plan = convertDocument((await loadOpenApiDocument(`${EXAMPLES}${document}`)).document);
    expect(plan.operations.length).toBeGreaterThan(0);
    for (const { key, draft } of plan.operations) {
      const read = canonicalJson(readOperationDefinition(draft, 'draft'));
      expect({ key, draft: canonicalJson(withReadDefaults(draft)) }).toEqual({ key, draft: read });
    }
  },
);

it('keeps values the draft gives', () => {
  const draft = { approval: 'required', binding: { method: 'GET', timeoutMs: 500 } };
  expect(withReadDefaults(draft)).toEqual({
    approval: 'required',
    sections: [],
    binding: { method: 'GET', timeoutMs: 500, maxResponseBytes: 1024 * 1024 },
  });
});
