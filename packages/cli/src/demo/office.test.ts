import { describe, expect, it } from 'vitest';
import { isOfficePath, matchOffice, officeAnswer } from './office.js';
import { DEMO_SEARCH_OPERATIONS } from './search-catalog.js';

describe('the bundled office service', () => {
  it('routes every operation of the catalog to itself, by method and path', () => {
    for (const operation of DEMO_SEARCH_OPERATIONS) {
      const pathname = operation.path.replace(/\{([^}]+)\}/g, (_, name: string) => `${name}-x`);
      const found = matchOffice(operation.method, pathname);
      expect(found?.operation.slug, `${operation.method} ${operation.path}`).toBe(operation.slug);
    }
  });

  it('a literal path beats a template (/v1/clients/search is not the client "search"); path values are decoded', () => {
    const search = DEMO_SEARCH_OPERATIONS.find((operation) => operation.path === '/v1/clients/search');
    expect(matchOffice(search!.method, '/v1/clients/search')?.operation.slug).toBe(search!.slug);
    expect(matchOffice('GET', '/v1/clients/cl%5F0001')?.params).toEqual({ client_id: 'cl_0001' });
    expect(matchOffice('GET', '/v1/nothing')).toBeUndefined();
    expect(isOfficePath('/v1/nothing')).toBe(false);
    expect(isOfficePath('/v1/clients')).toBe(true);
  });

  it('answers what the call sent, with the path id or a new one; POST creates (201)', () => {
    const get = matchOffice('GET', '/v1/clients/cl_0042')!;
    expect(officeAnswer(get.operation, get.params, new URLSearchParams(), undefined)).toEqual({
      status: 200,
      body: { id: 'cl_0042', operation: 'get_client', title: get.operation.title, client_id: 'cl_0042' },
    });
    const create = matchOffice('POST', '/v1/clients')!;
    const answer = officeAnswer(create.operation, {}, new URLSearchParams(), {
      name: 'ООО Ромашка',
      inn: '7701234567',
    });
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({ operation: 'create_client', name: 'ООО Ромашка', inn: '7701234567' });
    expect((answer.body as { id: string }).id).toMatch(/_\d{4}$/);
  });
});
