import { isUpstreamSecretName, notASecretReason } from '../catalog/header-template.js';
import type { RestBinding } from '../catalog/rest-binding.js';
import type { ArgumentRefusal } from './request-target.js';

/**
 * The headers of an upstream request: the gateway's defaults, the binding's static headers
 * with `${MCPFORGE_SECRET_*}` taken from the environment at this call, and the header arguments. Resolved
 * values live only in the returned object, which goes to the socket and nowhere else.
 * @module
 */

/**
 * A `${VAR}` a static header or query value names that this call cannot use: not a secret for
 * upstreams (`upstream_secret_not_allowed`), or unset, empty or holding CR/LF/NUL
 * (`upstream_credential_unavailable`). Named, never valued.
 */
export interface MissingCredential {
  code: 'upstream_secret_not_allowed' | 'upstream_credential_unavailable';
  variable: string;
  /** For the operator log. */
  reason: string;
}

/** The environment `${VAR}` references are resolved from. */
export type Environment = Readonly<Record<string, string | undefined>>;

const REFERENCE = /\$\{([A-Z_][A-Z0-9_]*)\}/g;
/** CR, LF and NUL would split or end a header; no secret legitimately holds them. */
const FORBIDDEN_IN_SECRET = /[\r\n\0]/;
/** What a header argument may hold: printable ASCII, space and tab. */
const HEADER_ARGUMENT_VALUE = /^[\t\x20-\x7e]*$/;

/**
 * `template` with every `${VAR}` replaced from `env`, or the first variable this call cannot
 * use. Only names with the `MCPFORGE_SECRET_` prefix are read from `env`, whatever it holds,
 * so a definition stored before the rule still cannot read the gateway's own settings.
 * `where` names the header or query parameter in the reason.
 */
export function expandSecrets(template: string, env: Environment, where: string): string | MissingCredential {
  let missing: MissingCredential | undefined;
  const value = template.replace(REFERENCE, (_match, variable: string) => {
    if (missing !== undefined) return '';
    if (!isUpstreamSecretName(variable)) {
      missing = {
        code: 'upstream_secret_not_allowed',
        variable,
        reason: `${where}: ${notASecretReason(variable)}`,
      };
      return '';
    }
    const secret = env[variable];
    if (secret === undefined || secret === '') {
      missing = {
        code: 'upstream_credential_unavailable',
        variable,
        reason: `environment variable ${variable} (${where}) is not set`,
      };
      return '';
    }
    if (FORBIDDEN_IN_SECRET.test(secret)) {
      missing = {
        code: 'upstream_credential_unavailable',
        variable,
        reason: `environment variable ${variable} (${where}) holds CR, LF or NUL`,
      };
      return '';
    }
    return secret;
  });
  return missing ?? value;
}

/**
 * The binding's static headers with every `${VAR}` replaced from `env`. A variable that is not
 * a secret for upstreams, unset, empty or holding CR/LF/NUL refuses the call.
 */
export function resolveStaticHeaders(
  headers: Readonly<Record<string, string>>,
  env: Environment,
  into: Record<string, string>,
): MissingCredential | undefined {
  for (const [name, template] of Object.entries(headers)) {
    const value = expandSecrets(template, env, `header '${name}'`);
    if (typeof value !== 'string') return value;
    into[name] = value;
  }
  return undefined;
}

/** A scalar, or an array of scalars, as a list of them; undefined for anything else. */
function scalarParts(value: unknown): Array<string | number | boolean> | undefined {
  const parts: unknown[] = Array.isArray(value) ? value : [value];
  return parts.every(
    (part) => typeof part === 'string' || typeof part === 'number' || typeof part === 'boolean',
  )
    ? (parts as Array<string | number | boolean>)
    : undefined;
}

/** Adds the header arguments to `into`; an array is sent as `a, b` (a list header). */
export function addHeaderArguments(
  binding: RestBinding,
  args: Record<string, unknown>,
  into: Record<string, string>,
): ArgumentRefusal | undefined {
  for (const [argument, placement] of Object.entries(binding.arguments)) {
    if (placement.in !== 'header') continue;
    const value = args[argument];
    if (value === undefined || value === null) continue;
    const parts = scalarParts(value);
    if (parts === undefined) {
      return { argument, reason: 'a header value must be a string, number, boolean or an array of them' };
    }
    const text = parts.map(String).join(', ');
    if (!HEADER_ARGUMENT_VALUE.test(text)) {
      return {
        argument,
        reason: 'a header value may hold only printable ASCII (no CR, LF or other controls)',
      };
    }
    into[placement.name] = text;
  }
  return addCookieArguments(binding, args, into);
}

/** What a cookie value may hold unencoded (RFC 6265 cookie-octet); the rest is percent-encoded. */
const COOKIE_OCTETS = /[^\x21\x23-\x2b\x2d-\x3a\x3c-\x5b\x5d-\x7e]/g;

/**
 * Adds the cookie arguments to the `cookie` header (after a static one, e.g. an API key from
 * `${VAR}`); an array is `a,b` (form style), a value is percent-encoded outside cookie-octets so
 * it cannot add a cookie of its own.
 */
function addCookieArguments(
  binding: RestBinding,
  args: Record<string, unknown>,
  into: Record<string, string>,
): ArgumentRefusal | undefined {
  const crumbs: string[] = [];
  for (const [argument, placement] of Object.entries(binding.arguments)) {
    if (placement.in !== 'cookie') continue;
    const value = args[argument];
    if (value === undefined || value === null) continue;
    const parts = scalarParts(value);
    if (parts === undefined) {
      return { argument, reason: 'a cookie value must be a string, number, boolean or an array of them' };
    }
    let text: string;
    try {
      text = parts
        .map((part) => String(part).replace(COOKIE_OCTETS, (char) => encodeURIComponent(char)))
        .join(',');
    } catch {
      return { argument, reason: 'a cookie value must be well-formed Unicode' };
    }
    crumbs.push(`${placement.name}=${text}`);
  }
  if (crumbs.length === 0) return undefined;
  const existing = into['cookie'];
  into['cookie'] = existing === undefined ? crumbs.join('; ') : `${existing}; ${crumbs.join('; ')}`;
  return undefined;
}

/**
 * The JSON body of the body arguments, or `undefined` when the binding has none; a payload
 * argument is the whole body (none when it is absent).
 */
export function buildJsonBody(binding: RestBinding, args: Record<string, unknown>): string | undefined {
  let body: Record<string, unknown> | undefined;
  for (const [argument, placement] of Object.entries(binding.arguments)) {
    if (placement.in === 'payload')
      return args[argument] === undefined ? undefined : JSON.stringify(args[argument]);
    if (placement.in !== 'body') continue;
    // No prototype: a body member named `__proto__` stays a member.
    body ??= Object.create(null) as Record<string, unknown>;
    const value = args[argument];
    if (value !== undefined) body[placement.name] = value;
  }
  return body === undefined ? undefined : JSON.stringify(body);
}
