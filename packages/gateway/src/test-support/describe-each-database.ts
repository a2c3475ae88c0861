import { afterAll, beforeAll, describe } from 'vitest';
import type { DatabaseKind } from '../store/database.js';
import { DatabaseFixture, type DatabaseFixtureOptions } from './database-fixture.js';

/** Both adapters: every gateway suite runs on each. */
export const DATABASE_KINDS: readonly DatabaseKind[] = ['pglite', 'postgres'];

/**
 * Declares the suite `name` once per adapter: on PGlite (in memory) and on the real PostgreSQL
 * (a fresh `gw_<random>` database, dropped afterwards). When PostgreSQL is down the suite fails
 * with the command that starts it; it is never skipped.
 */
export function describeEachDatabase(
  name: string,
  body: (fixture: DatabaseFixture) => void,
  options: DatabaseFixtureOptions = {},
): void {
  for (const kind of DATABASE_KINDS) describeOn(kind, name, body, options);
}

/** A suite that needs the real PostgreSQL (several processes or pools on one database). */
export function describePostgres(
  name: string,
  body: (fixture: DatabaseFixture) => void,
  options: DatabaseFixtureOptions = {},
): void {
  describeOn('postgres', name, body, options);
}

function describeOn(
  kind: DatabaseKind,
  name: string,
  body: (fixture: DatabaseFixture) => void,
  options: DatabaseFixtureOptions,
): void {
  describe(`${name} [${kind}]`, () => {
    const fixture = new DatabaseFixture(kind, options);
    beforeAll(() => fixture.setUp());
    afterAll(() => fixture.tearDown());
    body(fixture);
  });
}
