/** Environment variables as a plain map (e.g. `process.env`). */
export type Environment = Readonly<Record<string, string | undefined>>;

const VARIABLE = /\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g;

/**
 * Replaces each `${NAME}` (NAME = `[A-Za-z_][A-Za-z0-9_]*`) with `env[NAME]`, or
 * with an empty string when it is not set, so a schema requiring `minLength: 1`
 * rejects the config (fail-closed). Nothing else is special: `$NAME`, `${}` and
 * `${1X}` stay as written, and there is no escape syntax.
 */
export function expandVars(text: string, env: Environment): string {
  // Own keys only: `${__proto__}` or `${constructor}` is an unset variable, not Object's members.
  return text.replace(VARIABLE, (_match, name: string) =>
    Object.hasOwn(env, name) ? (env[name] ?? '') : '',
  );
}

/**
 * Expands `${NAME}` inside every string value of parsed JSON (object keys are left
 * alone). Expanding after parsing means a value containing `"` or `\` cannot change
 * the JSON's structure.
 */
export function expandInValues(value: unknown, env: Environment): unknown {
  if (typeof value === 'string') return expandVars(value, env);
  if (Array.isArray(value)) return value.map((item) => expandInValues(item, env));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, expandInValues(item, env)]));
  }
  return value;
}
