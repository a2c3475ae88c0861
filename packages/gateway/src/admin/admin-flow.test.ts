import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type AdminAnswer, type AdminServer, startAdminServer } from '../test-support/admin-server.js';
import { frankfurterDraft, uniqueSlug } from '../test-support/catalog-fixtures.js';
import { describeEachDatabase } from '../test-support/describe-each-database.js';
import { ADMIN_ROUTES } from './route-table.js';

/** The part of the served document the answers are checked with. */
interface ServedDocument {
  paths: Record<
    string,
    Record<
      string,
      {
        operationId: string;
        responses: Record<string, { content?: Record<string, { schema?: { $ref?: string } }> }>;
      }
    >
  >;
}

describeEachDatabase(
  'admin API: the whole flow, every answer checked against the served OpenAPI document',
  (fixture) => {
    let admin: AdminServer;
    const validators = new Map<string, ValidateFunction>();

    /** The answer, after checking its status is `status` and its body matches the document. */
    async function step(
      method: string,
      path: string,
      status: number,
      options: { body?: unknown; key?: string | null } = {},
    ): Promise<AdminAnswer> {
      const answer = await admin.call(method, path, options);
      expect(answer.status, `${method} ${path}: ${JSON.stringify(answer.body)}`).toBe(status);
      const template = ADMIN_ROUTES.find(
        (route) =>
          route.method === method &&
          new RegExp(`^${route.path.replace(/\{[^}]+\}/g, '[^/]+')}$`).test(path.split('?')[0]!),
      );
      const validate =
        template === undefined ? undefined : validators.get(`${template.operationId} ${status}`);
      if (status === 204) return answer;
      expect(validate, `no schema for ${method} ${path} ${status}`).toBeDefined();
      expect(validate!(answer.body), JSON.stringify(validate!.errors)).toBe(true);
      return answer;
    }

    beforeAll(async () => {
      admin = await startAdminServer(fixture.db());
      const served = await admin.call('GET', '/openapi.json');
      expect(served.status).toBe(200);
      const ajv = new Ajv2020({ strict: false });
      addFormats.default(ajv);
      ajv.addSchema(served.body, 'served');
      const paths = (served.body as ServedDocument).paths;
      for (const [path, item] of Object.entries(paths)) {
        expect(path.startsWith('/')).toBe(true);
        for (const operation of Object.values(item)) {
          for (const [status, response] of Object.entries(operation.responses)) {
            const content = response.content ?? {};
            const ref = (content['application/json'] ?? content['application/problem+json'])?.schema?.$ref;
            if (ref !== undefined)
              validators.set(`${operation.operationId} ${status}`, ajv.compile({ $ref: `served${ref}` }));
          }
        }
      }
    });
    afterAll(() => admin.close());

    it('the document needs an admin key too', async () => {
      expect((await admin.call('GET', '/openapi.json', { key: null })).status).toBe(401);
    });

    it('workspace → allow-list → operation draft → publish → agent draft → publish → key → list without value → revoke', async () => {
      const workspace = uniqueSlug('flow');
      const ws = `/workspaces/${workspace}`;
      await step('POST', '/workspaces', 201, { body: { slug: workspace } });
      await step('GET', ws, 200);
      await step('POST', `${ws}/sections`, 201, {
        body: { slug: 'rates', title: 'Rates', description: 'FX rates.' },
      });
      await step('GET', `${ws}/sections`, 200);
      await step('POST', `${ws}/upstream-hosts`, 200, { body: { hostPattern: 'api.frankfurter.dev' } });
      await step('GET', `${ws}/upstream-hosts`, 200);
      await step('POST', `${ws}/operations`, 201, {
        body: { slug: 'latest-rate', draft: frankfurterDraft() },
      });
      await step('PUT', `${ws}/operations/latest-rate/draft`, 200, {
        body: { draft: frankfurterDraft({ title: 'Latest rate' }), expectedDraftRevision: 1 },
      });
      const published = await step('POST', `${ws}/operations/latest-rate/publish`, 201);
      expect(published.body.version.version).toBe(1);
      await step('GET', `${ws}/operations/latest-rate`, 200);
      await step('GET', `${ws}/operations`, 200);
      await step('GET', `${ws}/operations/latest-rate/versions`, 200);
      await step('GET', `${ws}/operations/latest-rate/versions/1`, 200);
      await step('POST', `${ws}/agents`, 201, { body: { slug: 'currency-rates' } });
      await step('PUT', `${ws}/agents/currency-rates/draft`, 200, {
        body: {
          draft: { operations: ['latest-rate'], sections: ['rates'], searchSynonyms: [['rate', 'price']] },
        },
      });
      const agent = await step('POST', `${ws}/agents/currency-rates/publish`, 201);
      expect(agent.body.catalog.searchSynonyms).toEqual([['rate', 'price']]);
      expect(
        agent.body.catalog.tools.map((t: { definition: { name: string } }) => t.definition.name),
      ).toEqual(['frankfurter_latest_rate']);
      await step('GET', `${ws}/agents/currency-rates`, 200);
      await step('GET', `${ws}/agents`, 200);
      await step('GET', `${ws}/agents/currency-rates/versions`, 200);
      await step('GET', `${ws}/agents/currency-rates/versions/1`, 200);
      const key = await step('POST', '/keys', 201, {
        body: { type: 'mcp_client', name: 'inspector', workspace, agent: 'currency-rates' },
      });
      expect(key.body.value).toMatch(/^mcpf_mcp_/);
      const listed = await step('GET', `/keys?workspace=${workspace}`, 200);
      expect(listed.body.items).toEqual([
        expect.objectContaining({ id: key.body.key.id, agent: 'currency-rates' }),
      ]);
      expect(JSON.stringify(listed.body)).not.toContain(key.body.value);
      await step('GET', `/keys/${key.body.key.id}`, 200);
      await step('GET', `/keys/${key.body.key.id}/first-call`, 200);
      await step('GET', `/history?workspace=${workspace}`, 200);
      const revoked = await step('POST', `/keys/${key.body.key.id}/revoke`, 200);
      expect(revoked.body.revokedAt).toEqual(expect.any(String));
      expect((await step('GET', `/keys?workspace=${workspace}`, 200)).body.items).toEqual([]);
      expect((await step('GET', `/keys/${key.body.key.id}/first-call`, 200)).body.reason).toBe('key_revoked');
      await step('POST', `${ws}/operations/latest-rate/archive`, 200);
      await step('POST', `${ws}/agents/currency-rates/archive`, 200);
      await step('DELETE', `${ws}/upstream-hosts/api.frankfurter.dev`, 204);
      await step('PATCH', `${ws}/sections/rates`, 200, { body: { title: 'Currency rates' } });
      await step('GET', '/workspaces', 200);
    });

    it('problem answers match the Problem schema too', async () => {
      await step('POST', '/workspaces', 400, { body: { slug: 'BAD', extra: 1 } });
      await step('GET', '/workspaces/nope', 404);
      await step('GET', '/workspaces', 401, { key: null });
    });
  },
);
