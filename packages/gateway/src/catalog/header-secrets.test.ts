// biome-ignore-all lint/suspicious/noTemplateCurlyInString: static headers hold literal ${VAR} placeholders
import { describe, expect, it } from 'vitest';
import { frankfurterDraft, seedWorkspace, uniqueSlug } from '../test-support/catalog-fixtures.js';
import { describeEachDatabase } from '../test-support/describe-each-database.js';
import { checkHeaderTemplate, isUpstreamSecretName } from './header-template.js';
import { readOperationDefinition } from './operation-definition.js';
import { publishOperation } from './operation-versions-table.js';
import { createOperation, updateOperationDraft } from './operations-table.js';

function withHeaders(
  headers: Record<string, string>,
  query?: Record<string, string>,
): Record<string, unknown> {
  const draft = frankfurterDraft();
  return {
    ...draft,
    binding: { ...(draft['binding'] as object), headers, ...(query === undefined ? {} : { query }) },
  };
}

describe('secrets for upstreams in header templates (issue 19, point 6)', () => {
  it('only MCPFORGE_SECRET_* names are secrets for upstreams', () => {
    expect(isUpstreamSecretName('MCPFORGE_SECRET_RATES_TOKEN')).toBe(true);
    for (const name of [
      'DATABASE_URL',
      'MCPFORGE_SEARCH_RERANKER_API_KEY',
      'MCPFORGE_SECRET_',
      'MCPFORGE_SECRETX',
    ]) {
      expect(isUpstreamSecretName(name), name).toBe(false);
    }
  });

  it('a definition naming any other variable is refused, naming the field and the fix', () => {
    expect(() => checkHeaderTemplate('Bearer ${DATABASE_URL}', 'binding.headers.x-a')).toThrow(
      /^binding\.headers\.x-a: \$\{DATABASE_URL\} is not a secret for upstreams: .*\$\{MCPFORGE_SECRET_DATABASE_URL\}/,
    );
    expect(() => readOperationDefinition(withHeaders({ 'x-a': '${DATABASE_URL}' }))).toThrow(
      expect.objectContaining({ code: 'invalid_field', field: 'binding.headers.x-a' }),
    );
    expect(() =>
      readOperationDefinition(withHeaders({}, { key: '${MCPFORGE_SEARCH_RERANKER_API_KEY}' })),
    ).toThrow(expect.objectContaining({ code: 'invalid_field', field: 'binding.query.key' }));
    const accepted = readOperationDefinition(
      withHeaders({ authorization: 'Bearer ${MCPFORGE_SECRET_RATES_TOKEN}' }),
    );
    expect(accepted.binding.headers).toEqual({ authorization: 'Bearer ${MCPFORGE_SECRET_RATES_TOKEN}' });
  });
});

describeEachDatabase('publishing a binding that names a variable (issue 19, point 6)', (fixture) => {
  it('a draft naming a variable outside MCPFORGE_SECRET_* is refused on save and on publish', async () => {
    const db = fixture.db();
    const workspace = await seedWorkspace(db);
    const slug = uniqueSlug('op');
    await expect(
      createOperation(db, workspace, { slug, draft: withHeaders({ 'x-a': '${DATABASE_URL}' }) }),
    ).rejects.toMatchObject({ code: 'invalid_field', field: 'draft.binding.headers.x-a' });
    await createOperation(db, workspace, { slug, draft: withHeaders({}) });
    await expect(
      updateOperationDraft(db, workspace, slug, withHeaders({ 'x-a': '${DATABASE_URL}' })),
    ).rejects.toMatchObject({ code: 'invalid_field', field: 'draft.binding.headers.x-a' });
    // A draft saved before the rule: only publishing can refuse it now.
    await db.query(
      `UPDATE operations SET draft = jsonb_set(draft, '{binding,headers}', $2::jsonb)
       WHERE slug = $1`,
      [slug, JSON.stringify({ 'x-a': '${DATABASE_URL}' })],
    );
    await expect(publishOperation(db, workspace, slug)).rejects.toMatchObject({
      code: 'invalid_field',
      field: 'draft.binding.headers.x-a',
      message: expect.stringContaining('${DATABASE_URL} is not a secret for upstreams'),
    });
    await updateOperationDraft(db, workspace, slug, withHeaders({ 'x-a': '${MCPFORGE_SECRET_RATES_TOKEN}' }));
    await expect(publishOperation(db, workspace, slug)).resolves.toMatchObject({ created: true });
  });
});
