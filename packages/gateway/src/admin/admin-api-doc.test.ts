import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { errorInfo, isGatewayErrorCode } from '../errors/error-table.js';
import { ADMIN_ROUTES, OPENAPI_PATH } from './route-table.js';

const page = readFileSync(
  fileURLToPath(new URL('../../../../docs/gateway/admin-api.md', import.meta.url)),
  'utf8',
);

/** `[method, path]` of each row of the page's route table (`...` abbreviates a path's start). */
const documented = [...page.matchAll(/^\| `(GET|POST|PUT|PATCH|DELETE)` +\| `([^`]+)`/gm)].map((m) => [
  m[1],
  m[2],
]);

describe('docs/gateway/admin-api.md', () => {
  it('lists every route of the table, and no other', () => {
    const matches = (method: string, path: string) => (row: (string | undefined)[]) =>
      row[0] === method &&
      row[1] !== undefined &&
      (row[1] === path || (row[1].startsWith('...') && path.endsWith(row[1].slice(3))));
    for (const route of ADMIN_ROUTES) {
      expect(documented.some(matches(route.method, route.path)), `${route.method} ${route.path}`).toBe(true);
    }
    expect(documented.some(matches('GET', OPENAPI_PATH))).toBe(true);
    expect(documented).toHaveLength(ADMIN_ROUTES.length + 1);
  });

  it("its error table gives each code the table's status", () => {
    const rows = [...page.matchAll(/^\| (\d{3}) +\| `([a-z_]+)`/gm)];
    expect(rows.length).toBeGreaterThan(10);
    for (const [, status, code] of rows) {
      expect(isGatewayErrorCode(code), code).toBe(true);
      if (isGatewayErrorCode(code)) expect(errorInfo(code).status, code).toBe(Number(status));
    }
  });
});
