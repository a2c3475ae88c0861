import { createHash } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import type { Draft, DraftOutcome } from './draft.js';
import { LibraryError } from './library-error.js';
import { migrate } from './migrations.js';

interface DraftRow {
  slug: string;
  title: string;
  body: string;
  created_at: Date;
}

const UNIQUE_VIOLATION = '23505';

/**
 * Unpublished drafts in an embedded PostgreSQL (PGlite) database. With a data
 * directory the drafts survive a restart; without one they live in memory.
 * Every statement is parameterised.
 */
export class DraftStore {
  readonly #db: PGlite;
  /** Schema versions applied when this store was opened (empty when it was current). */
  readonly migrated: readonly number[];

  private constructor(db: PGlite, migrated: readonly number[]) {
    this.#db = db;
    this.migrated = migrated;
  }

  /** Opens (creating if needed) the database in `dataDir` and brings its schema up to date. */
  static async open(dataDir?: string): Promise<DraftStore> {
    const db = dataDir === undefined ? await PGlite.create() : await PGlite.create(dataDir);
    let migrated: number[];
    try {
      migrated = await migrate(db);
    } catch (error) {
      await db.close();
      throw error;
    }
    return new DraftStore(db, migrated);
  }

  /**
   * Stores a draft under the approval token that allowed it. The same token a
   * second time stores nothing and returns the draft it created
   * (`created: false`); another draft with a taken slug is refused.
   */
  async insert(
    draft: { slug: string; title: string; text: string },
    approvalToken: string,
  ): Promise<DraftOutcome> {
    const approvalSha256 = createHash('sha256').update(approvalToken, 'utf8').digest('hex');
    let inserted: DraftRow[];
    try {
      const result = await this.#db.query<DraftRow>(
        `INSERT INTO drafts (slug, title, body, approval_sha256) VALUES ($1, $2, $3, $4)
         ON CONFLICT (approval_sha256) DO NOTHING
         RETURNING slug, title, body, created_at`,
        [draft.slug, draft.title, draft.text, approvalSha256],
      );
      inserted = result.rows;
    } catch (error) {
      if (isUniqueViolation(error)) {
        throw new LibraryError('ERR_SLUG_TAKEN', `a draft with slug '${draft.slug}' already exists`);
      }
      throw error;
    }
    const [row] = inserted;
    if (row !== undefined) return { draft: toDraft(row), created: true };
    const existing = await this.#db.query<DraftRow>(
      'SELECT slug, title, body, created_at FROM drafts WHERE approval_sha256 = $1',
      [approvalSha256],
    );
    const [previous] = existing.rows;
    // The conflicting row cannot vanish: drafts are never deleted.
    if (previous === undefined) throw new Error('draft store: approval conflict without a draft');
    return { draft: toDraft(previous), created: false };
  }

  /** The draft with this slug, if any. */
  async get(slug: string): Promise<Draft | undefined> {
    const result = await this.#db.query<DraftRow>(
      'SELECT slug, title, body, created_at FROM drafts WHERE slug = $1',
      [slug],
    );
    const [row] = result.rows;
    return row === undefined ? undefined : toDraft(row);
  }

  /** How many drafts are stored. */
  async count(): Promise<number> {
    const result = await this.#db.query<{ count: number }>('SELECT count(*)::int AS count FROM drafts');
    return result.rows[0]?.count ?? 0;
  }

  /** Closes the database; the store cannot be used afterwards. */
  async close(): Promise<void> {
    if (!this.#db.closed) await this.#db.close();
  }
}

function toDraft(row: DraftRow): Draft {
  return {
    slug: row.slug,
    title: row.title,
    text: row.body,
    published: false,
    createdAt: row.created_at.toISOString(),
  };
}

function isUniqueViolation(error: unknown): boolean {
  return (
    typeof error === 'object' && error !== null && (error as { code?: unknown }).code === UNIQUE_VIOLATION
  );
}
