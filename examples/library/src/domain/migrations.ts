import type { PGlite, Transaction } from '@electric-sql/pglite';

/** One schema step. Versions only grow; an applied step is never edited. */
export interface Migration {
  readonly version: number;
  readonly description: string;
  readonly sql: string;
}

/** The draft store's schema, in order. */
export const migrations: readonly Migration[] = [
  {
    version: 1,
    description: 'drafts table',
    sql: `
      CREATE TABLE drafts (
        slug text PRIMARY KEY,
        title text NOT NULL,
        body text NOT NULL,
        published boolean NOT NULL DEFAULT false,
        -- sha256 of the approval token: a token creates at most one draft.
        approval_sha256 text NOT NULL UNIQUE,
        created_at timestamptz NOT NULL DEFAULT now()
      );`,
  },
];

/**
 * Applies the migrations the database has not seen yet, each in its own
 * transaction together with its row in `schema_migrations`. Returns the versions
 * applied now (empty when the schema was current).
 */
export async function migrate(db: PGlite, steps: readonly Migration[] = migrations): Promise<number[]> {
  await db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version integer PRIMARY KEY,
    description text NOT NULL,
    applied_at timestamptz NOT NULL DEFAULT now()
  )`);
  const applied = await db.query<{ version: number }>('SELECT version FROM schema_migrations');
  const done = new Set(applied.rows.map((row) => row.version));
  const now: number[] = [];
  for (const step of [...steps].sort((left, right) => left.version - right.version)) {
    if (done.has(step.version)) continue;
    await db.transaction(async (tx: Transaction) => {
      await tx.exec(step.sql);
      await tx.query('INSERT INTO schema_migrations (version, description) VALUES ($1, $2)', [
        step.version,
        step.description,
      ]);
    });
    now.push(step.version);
  }
  return now;
}
