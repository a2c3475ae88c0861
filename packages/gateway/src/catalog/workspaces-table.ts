import { GatewayError } from '../errors/gateway-error.js';
import type { Queryable } from '../store/database.js';
import { isUniqueViolation } from '../store/sql-state.js';
import { readSlug } from './slug.js';

/** A `workspaces` row as stored. */
export interface WorkspaceRow {
  id: string;
  slug: string;
  created_at: Date;
}

/** A workspace: the unit that owns sections, the upstream allow-list, operations, agents and keys. */
export interface Workspace {
  id: string;
  slug: string;
  createdAt: Date;
}

export function toWorkspace(row: WorkspaceRow): Workspace {
  return { id: row.id, slug: row.slug, createdAt: row.created_at };
}

const COLUMNS = 'id, slug, created_at';

/** The error of a workspace slug that names no workspace. */
export function workspaceNotFound(slug: string): GatewayError {
  return new GatewayError('not_found', `workspace '${slug}' not found`);
}

/** Creates a workspace. @throws GatewayError `invalid_field` (slug), `already_exists`. */
export async function createWorkspace(db: Queryable, input: { slug: string }): Promise<Workspace> {
  const slug = readSlug(input.slug, 'slug');
  try {
    const { rows } = await db.query<WorkspaceRow>(
      `INSERT INTO workspaces (slug) VALUES ($1) RETURNING ${COLUMNS}`,
      [slug],
    );
    return toWorkspace(rows[0]!);
  } catch (error) {
    if (isUniqueViolation(error, 'workspaces_slug_key')) {
      throw new GatewayError('already_exists', `workspace '${slug}' already exists`, { field: 'slug' });
    }
    throw error;
  }
}

/** The workspace `slug`, or undefined. */
export async function findWorkspace(db: Queryable, slug: string): Promise<Workspace | undefined> {
  const { rows } = await db.query<WorkspaceRow>(`SELECT ${COLUMNS} FROM workspaces WHERE slug = $1`, [slug]);
  return rows[0] === undefined ? undefined : toWorkspace(rows[0]);
}

/** The workspace `slug`. @throws GatewayError `not_found`. */
export async function getWorkspace(db: Queryable, slug: string): Promise<Workspace> {
  const workspace = await findWorkspace(db, slug);
  if (workspace === undefined) throw workspaceNotFound(slug);
  return workspace;
}

/** Every workspace, by slug. */
export async function listWorkspaces(db: Queryable): Promise<Workspace[]> {
  const { rows } = await db.query<WorkspaceRow>(`SELECT ${COLUMNS} FROM workspaces ORDER BY slug`);
  return rows.map(toWorkspace);
}
