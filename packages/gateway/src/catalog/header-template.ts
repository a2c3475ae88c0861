// biome-ignore-all lint/suspicious/noTemplateCurlyInString: messages show the literal ${VAR} syntax of header templates
import { invalidField } from '../errors/gateway-error.js';

/**
 * A static header value may name environment variables as `${NAME}`; the gateway substitutes
 * them at call time, so the stored definition (and anything returned from it) holds only the
 * names, never the secrets.
 * @module
 */

const REFERENCE = /\$\{([^}]*)\}/g;
const VARIABLE_NAME = /^[A-Z_][A-Z0-9_]*$/;

/** The variable names a header value refers to, in order of appearance. */
export function templateVariables(value: string): string[] {
  return [...value.matchAll(REFERENCE)].map((match) => match[1] ?? '');
}

/**
 * Checks a header value template: every `${` opens a well-formed `${NAME}` (uppercase letters,
 * digits and `_`, not starting with a digit).
 */
export function checkHeaderTemplate(value: string, field: string): void {
  for (const name of templateVariables(value)) {
    if (!VARIABLE_NAME.test(name)) {
      throw invalidField(field, `\${${name}} is not a variable name: use \${NAME} with A-Z, 0-9 and _`);
    }
  }
  const withoutReferences = value.replace(REFERENCE, '');
  if (withoutReferences.includes('${')) throw invalidField(field, 'has a ${ without its closing }');
}
