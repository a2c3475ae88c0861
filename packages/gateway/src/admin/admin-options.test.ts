import { expect, it } from 'vitest';
import type { Database } from '../store/database.js';
import { describeEachDatabase } from '../test-support/describe-each-database.js';
import { DEFAULT_MAX_ADMIN_BODY_BYTES, resolveAdminOptions } from './admin-options.js';

describeEachDatabase('admin handler options', (fixture) => {
  it('fills the defaults: /mcp/admin/v1, 1 MiB, its own verifier', () => {
    const db = fixture.db();
    const resolved = resolveAdminOptions({ db });
    expect(resolved).toMatchObject({
      basePath: '/mcp/admin/v1',
      maxBodyBytes: DEFAULT_MAX_ADMIN_BODY_BYTES,
      ownsVerifier: true,
    });
    expect(resolveAdminOptions({ db, prefix: '' }).basePath).toBe('/admin/v1');
    expect(resolveAdminOptions({ db, prefix: '/gw/mcp' }).basePath).toBe('/gw/mcp/admin/v1');
  });

  it('refuses bad values, naming the option', () => {
    const db = fixture.db();
    expect(() => resolveAdminOptions({ db: {} as Database })).toThrow(/^db: /);
    for (const prefix of ['/mcp/', 'mcp', '/a b', '/x?y']) {
      expect(() => resolveAdminOptions({ db, prefix }), prefix).toThrow(/^prefix: /);
    }
    for (const maxBodyBytes of [0, 1.5, -1, 1e12]) {
      expect(() => resolveAdminOptions({ db, maxBodyBytes }), String(maxBodyBytes)).toThrow(RangeError);
    }
  });
});
