// biome-ignore-all lint/suspicious/noTemplateCurlyInString: messages show the literal ${VAR} syntax of header templates
import { invalidField } from '../errors/gateway-error.js';

/**
 * A static header (or query) value may name environment variables as `${NAME}`; the gateway
 * substitutes them at call time, so the stored definition (and anything returned from it)
 * holds only the names, never the secrets.
 *
 * Only variables whose name starts with {@link UPSTREAM_SECRET_PREFIX} may be named: the
 * operator marks a variable as a secret for upstreams by its name, where it is set. Without
 * that, an admin key could publish `x-a: ${DATABASE_URL}` and have the gateway send its own
 * configuration to any allowed host (issue 19, point 6). A prefix rather than a list given to
 * `serve`: the rule is the same on every process and replica however each was started, so a
 * definition accepted at publish is expandable everywhere, and no gateway setting
 * (`DATABASE_URL`, `MCPFORGE_SEARCH_RERANKER_API_KEY`, ...) can ever match it.
 * @module
 */

/** The prefix of the environment variables a binding may name: `${MCPFORGE_SECRET_...}`. */
export const UPSTREAM_SECRET_PREFIX = 'MCPFORGE_SECRET_';

const REFERENCE = /\$\{([^}]*)\}/g;
const VARIABLE_NAME = /^[A-Z_][A-Z0-9_]*$/;

/** Whether the variable `name` is a secret for upstreams (named with the prefix, and more). */
export function isUpstreamSecretName(name: string): boolean {
  return name.length > UPSTREAM_SECRET_PREFIX.length && name.startsWith(UPSTREAM_SECRET_PREFIX);
}

/** The variable names a header value refers to, in order of appearance. */
export function templateVariables(value: string): string[] {
  return [...value.matchAll(REFERENCE)].map((match) => match[1] ?? '');
}

/** Why `${name}` may not be named, naming the fix. */
export function notASecretReason(name: string): string {
  const suggestion = `${UPSTREAM_SECRET_PREFIX}${name.replace(/^_+/, '')}`;
  return (
    `\${${name}} is not a secret for upstreams: only variables named ${UPSTREAM_SECRET_PREFIX}* ` +
    `are expanded (rename it, e.g. \${${suggestion}}, and set that in the gateway's environment)`
  );
}

/**
 * Checks a header value template: every `${` opens a well-formed `${NAME}` (uppercase letters,
 * digits and `_`, not starting with a digit) naming a secret for upstreams.
 * @throws GatewayError `invalid_field` naming `field`.
 */
export function checkHeaderTemplate(value: string, field: string): void {
  for (const name of templateVariables(value)) {
    if (!VARIABLE_NAME.test(name)) {
      throw invalidField(field, `\${${name}} is not a variable name: use \${NAME} with A-Z, 0-9 and _`);
    }
    if (!isUpstreamSecretName(name)) throw invalidField(field, notASecretReason(name));
  }
  const withoutReferences = value.replace(REFERENCE, '');
  if (withoutReferences.includes('${')) throw invalidField(field, 'has a ${ without its closing }');
}

/**
 * Checks the templates of a binding's static headers and query again, for a definition stored
 * before the prefix rule (publishing such a draft is refused, naming the field).
 * @throws GatewayError `invalid_field` naming `{field}.headers.<name>` or `{field}.query.<name>`.
 */
export function checkBindingSecrets(
  binding: {
    headers: Readonly<Record<string, string>>;
    query?: Readonly<Record<string, string>> | undefined;
  },
  field: string,
): void {
  for (const [name, value] of Object.entries(binding.headers))
    checkHeaderTemplate(value, `${field}.headers.${name}`);
  for (const [name, value] of Object.entries(binding.query ?? {}))
    checkHeaderTemplate(value, `${field}.query.${name}`);
}
