import { GatewayError } from '../errors/gateway-error.js';
import type { Queryable } from '../store/database.js';
import { isUniqueViolation } from '../store/sql-state.js';
import { readOptionalString, readString } from './field-reader.js';
import { readSlug } from './slug.js';
import { getWorkspace } from './workspaces-table.js';

/** A `sections` row as stored. */
export interface SectionRow {
  id: string;
  workspace_id: string;
  slug: string;
  title: string;
  description: string;
  created_at: Date;
  updated_at: Date;
}

/** A group of operations (`payments`, `rates`): a search filter, described for the model. */
export interface Section {
  id: string;
  slug: string;
  title: string;
  description: string;
  createdAt: Date;
  updatedAt: Date;
}

/** Longest section title. */
export const MAX_SECTION_TITLE_LENGTH = 128;
/** Longest section description: search ranks on it, a model reads it. */
export const MAX_SECTION_DESCRIPTION_LENGTH = 2048;

export function toSection(row: SectionRow): Section {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    description: row.description,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

const COLUMNS = 'id, workspace_id, slug, title, description, created_at, updated_at';

function readTitle(value: unknown): string {
  return readString(value, 'title', { max: MAX_SECTION_TITLE_LENGTH });
}

function readDescription(value: unknown): string | undefined {
  return readOptionalString(value, 'description', { min: 0, max: MAX_SECTION_DESCRIPTION_LENGTH });
}

/** Creates a section. @throws GatewayError `invalid_field`, `not_found` (workspace), `already_exists`. */
export async function createSection(
  db: Queryable,
  workspaceSlug: string,
  input: { slug: string; title: string; description?: string | undefined },
): Promise<Section> {
  const slug = readSlug(input.slug, 'slug');
  const title = readTitle(input.title);
  const description = readDescription(input.description) ?? '';
  const workspace = await getWorkspace(db, workspaceSlug);
  try {
    const { rows } = await db.query<SectionRow>(
      `INSERT INTO sections (workspace_id, slug, title, description) VALUES ($1, $2, $3, $4) RETURNING ${COLUMNS}`,
      [workspace.id, slug, title, description],
    );
    return toSection(rows[0]!);
  } catch (error) {
    if (isUniqueViolation(error, 'sections_slug_key')) {
      throw new GatewayError(
        'already_exists',
        `section '${slug}' already exists in workspace '${workspaceSlug}'`,
        {
          field: 'slug',
        },
      );
    }
    throw error;
  }
}

/**
 * Changes a section's title and/or description. Catalogs published before keep the text they
 * were published with. @throws GatewayError `invalid_field`, `not_found`.
 */
export async function updateSection(
  db: Queryable,
  workspaceSlug: string,
  slug: string,
  input: { title?: string | undefined; description?: string | undefined },
): Promise<Section> {
  const title = input.title === undefined ? undefined : readTitle(input.title);
  const description = readDescription(input.description);
  const { rows } = await db.query<SectionRow>(
    `UPDATE sections s SET title = coalesce($3, s.title), description = coalesce($4, s.description), updated_at = now()
     FROM workspaces w
     WHERE w.id = s.workspace_id AND w.slug = $1 AND s.slug = $2
     RETURNING s.id, s.workspace_id, s.slug, s.title, s.description, s.created_at, s.updated_at`,
    [workspaceSlug, slug, title ?? null, description ?? null],
  );
  if (rows[0] === undefined) {
    await getWorkspace(db, workspaceSlug);
    throw new GatewayError('not_found', `section '${slug}' not found in workspace '${workspaceSlug}'`);
  }
  return toSection(rows[0]);
}

/** The sections of a workspace, by slug. @throws GatewayError `not_found` (workspace). */
export async function listSections(db: Queryable, workspaceSlug: string): Promise<Section[]> {
  const workspace = await getWorkspace(db, workspaceSlug);
  return sectionsOf(db, workspace.id);
}

/** The sections of the workspace with id `workspaceId`, by slug. */
export async function sectionsOf(db: Queryable, workspaceId: string): Promise<Section[]> {
  const { rows } = await db.query<SectionRow>(
    `SELECT ${COLUMNS} FROM sections WHERE workspace_id = $1 ORDER BY slug`,
    [workspaceId],
  );
  return rows.map(toSection);
}
