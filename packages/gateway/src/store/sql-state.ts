/** SQLSTATE of a unique constraint violation. */
export const UNIQUE_VIOLATION = '23505';

/** The SQLSTATE of a database error from either adapter (both expose it as `code`), if any. */
export function sqlState(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) ? code : undefined;
}

/** Whether `error` is a unique violation, optionally of the named constraint. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  if (sqlState(error) !== UNIQUE_VIOLATION) return false;
  if (constraint === undefined) return true;
  return (error as { constraint?: unknown }).constraint === constraint;
}
