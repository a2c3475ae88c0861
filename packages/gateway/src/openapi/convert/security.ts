// biome-ignore-all lint/suspicious/noTemplateCurlyInString: bindings hold the literal ${VAR} syntax
import { UPSTREAM_SECRET_PREFIX } from '../../catalog/header-template.js';
import type { RequiredSecret } from './import-plan.js';
import type { NormalSecurityScheme, SecurityRequirement } from './normal-document.js';

/**
 * Security schemes as static binding values that name an environment variable, never a value
 * from the document: apiKey in a header (`<name>: ${VAR}`), in the query (`<name>=${VAR}`) or
 * in a cookie (`cookie: <name>=${VAR}`); http bearer, oauth2 and openIdConnect as
 * `authorization: Bearer ${VAR}`; http basic as `authorization: Basic ${VAR}` (the variable
 * holds base64 of `user:password`). The variable is `MCPFORGE_SECRET_<PREFIX>_<SCHEME>`
 * uppercased, every run outside `A-Z0-9` as `_` (prefix: the `secretPrefix` option, else the
 * document's title).
 * Of an operation's requirement alternatives the first whose schemes are all supported is
 * used; `{}` (optional) first means none.
 * @module
 */

/** `value` as an environment variable name part: `A-Z0-9_`, no leading digit. */
export function variablePart(value: string): string {
  return value
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
}

/**
 * The environment variable of a scheme: `MCPFORGE_SECRET_<PREFIX>_<SCHEME>`, not repeating a
 * prefix the scheme already has (only `MCPFORGE_SECRET_*` variables are sent to upstreams).
 */
export function secretVariable(prefix: string, scheme: string): string {
  const head = variablePart(prefix);
  const tail = variablePart(scheme) || 'SECRET';
  const joined = head === '' || tail.startsWith(`${head}_`) || tail === head ? tail : `${head}_${tail}`;
  const name = joined.startsWith(UPSTREAM_SECRET_PREFIX) ? joined : `${UPSTREAM_SECRET_PREFIX}${joined}`;
  return name.slice(0, 96);
}

/** What a requirement adds to a binding. */
export interface SecurityBinding {
  headers: Record<string, string>;
  query: Record<string, string>;
  secrets: RequiredSecret[];
}

/** An HTTP token (header and cookie names). */
const TOKEN = /^[!#%&'*+.^_`|~0-9A-Za-z-]+$/;

type Applied = { where: 'header' | 'query' | 'cookie'; name: string; value: string } | undefined;

function apply(scheme: NormalSecurityScheme, variable: string): Applied {
  const ref = `\${${variable}}`;
  if (scheme.type === 'apiKey' && scheme.name !== undefined && scheme.name !== '') {
    // The name is the document's: in a header or cookie it must be a plain token, so no
    // `${...}` of the document can ever land in a static value (a cookie's is a template).
    if (scheme.in !== 'query' && !TOKEN.test(scheme.name)) return undefined;
    if (scheme.in === 'header') return { where: 'header', name: scheme.name.toLowerCase(), value: ref };
    if (scheme.in === 'query') return { where: 'query', name: scheme.name, value: ref };
    if (scheme.in === 'cookie') return { where: 'cookie', name: scheme.name, value: ref };
    return undefined;
  }
  if (scheme.type === 'http' && scheme.scheme === 'bearer')
    return { where: 'header', name: 'authorization', value: `Bearer ${ref}` };
  if (scheme.type === 'http' && scheme.scheme === 'basic')
    return { where: 'header', name: 'authorization', value: `Basic ${ref}` };
  if (scheme.type === 'oauth2' || scheme.type === 'openIdConnect')
    return { where: 'header', name: 'authorization', value: `Bearer ${ref}` };
  return undefined;
}

/**
 * The binding values of the first usable alternative, or `undefined` with the reason when
 * none is usable (the operation is then imported without credentials and a warning).
 */
export function securityBinding(
  requirements: readonly SecurityRequirement[],
  schemes: Readonly<Record<string, NormalSecurityScheme>>,
  prefix: string,
): SecurityBinding | { unsupported: string } {
  if (requirements.length === 0) return { headers: {}, query: {}, secrets: [] };
  const refused: string[] = [];
  for (const requirement of requirements) {
    const binding: SecurityBinding = { headers: {}, query: {}, secrets: [] };
    const cookies: string[] = [];
    let usable = true;
    for (const schemeName of Object.keys(requirement)) {
      const scheme = schemes[schemeName];
      const variable = secretVariable(prefix, schemeName);
      const applied = scheme === undefined ? undefined : apply(scheme, variable);
      if (
        applied === undefined ||
        (applied.where === 'header' && binding.headers[applied.name] !== undefined)
      ) {
        refused.push(
          `'${schemeName}' (${scheme === undefined ? 'not defined' : `${scheme.type} ${scheme.scheme ?? scheme.in ?? ''}`.trim()})`,
        );
        usable = false;
        break;
      }
      if (applied.where === 'header') binding.headers[applied.name] = applied.value;
      else if (applied.where === 'query') binding.query[applied.name] = applied.value;
      else cookies.push(`${applied.name}=${applied.value}`);
      binding.secrets.push({ variable, scheme: schemeName, in: applied.where, name: applied.name });
    }
    if (!usable) continue;
    if (cookies.length > 0) binding.headers['cookie'] = cookies.join('; ');
    return binding;
  }
  return { unsupported: `no supported security scheme among ${[...new Set(refused)].join(', ')}` };
}
