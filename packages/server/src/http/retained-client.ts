/**
 * What a legacy HTTP session keeps of its client's `initialize`: the capabilities and client
 * info the runtime and handlers act on, in a bounded size, never the declared objects
 * themselves. A session lives for up to 30 minutes and there are thousands of them, so 3 MiB of
 * `capabilities.experimental` kept per session took a gateway out of memory (issue 19, point 2).
 *
 * Kept:
 * - `roots`, `sampling`, `elicitation`, `tasks`: copied when their JSON is at most
 *   {@link MAX_CAPABILITY_BYTES}, else reduced to their member names (each `{}`);
 * - `experimental`, `extensions` and any other capability: their names only (each `{}`), so
 *   `ctx.clientCapabilities.experimental?.x !== undefined` still answers whether `x` was declared;
 * - `clientInfo`: `name`, `version`, `title` (strings, each cut to {@link MAX_INFO_CHARS}).
 * At most {@link MAX_NAMES} names per object, each at most {@link MAX_NAME_CHARS} characters.
 * @module
 */

import type { ClientCapabilities, Implementation } from '../protocol/index.js';

/** Largest JSON of one spec capability (`sampling`, ...) kept as declared; real ones are tens of bytes. */
export const MAX_CAPABILITY_BYTES = 1024;
/** Most member names kept per object. */
export const MAX_NAMES = 32;
/** Longest member name kept (a longer one is left out). */
export const MAX_NAME_CHARS = 64;
/** Longest `clientInfo` string kept (a longer one is cut). */
export const MAX_INFO_CHARS = 256;

/** JSON characters of an object of {@link MAX_NAMES} names, each `"name":{},` (a character escaped takes 6). */
const NAMES_CHARS = 2 + MAX_NAMES * (MAX_NAME_CHARS * 6 + 6);
/**
 * A ceiling, by construction, on the JSON characters of what a session keeps of its client: four
 * spec capabilities, two objects of names plus the unknown capabilities' names, the client info.
 */
export const MAX_RETAINED_CLIENT_CHARS =
  2 +
  4 * (16 + Math.max(MAX_CAPABILITY_BYTES, NAMES_CHARS)) +
  2 * (16 + NAMES_CHARS) +
  NAMES_CHARS +
  2 +
  3 * (12 + MAX_INFO_CHARS * 6);

/** Capabilities the spec defines whose members the runtime reads. */
const COPIED = ['roots', 'sampling', 'elicitation', 'tasks'] as const;

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `value`'s member names (bounded), each with an empty object. */
function namesOf(value: Record<string, unknown>): Record<string, object> {
  const names: Record<string, object> = {};
  let count = 0;
  for (const name of Object.keys(value)) {
    if (count === MAX_NAMES) break;
    if (name.length > MAX_NAME_CHARS || name === '__proto__') continue;
    names[name] = {};
    count++;
  }
  return names;
}

/** A spec capability: a fresh copy of a small one, the member names of a large one. */
function copyOf(value: Record<string, unknown>): Record<string, unknown> {
  let json: string | undefined;
  try {
    json = JSON.stringify(value);
  } catch {
    json = undefined;
  }
  if (json !== undefined && json.length <= MAX_CAPABILITY_BYTES) return JSON.parse(json);
  return namesOf(value);
}

/** The capabilities a session keeps of `declared` (see the module comment). */
export function retainedCapabilities(declared: ClientCapabilities): ClientCapabilities {
  const kept: ClientCapabilities = {};
  let others = 0;
  for (const name of Object.keys(declared)) {
    const value = declared[name];
    if (!isObject(value)) continue;
    if ((COPIED as readonly string[]).includes(name)) kept[name] = copyOf(value);
    else if (name === 'experimental' || name === 'extensions') kept[name] = namesOf(value);
    else if (others < MAX_NAMES && name.length <= MAX_NAME_CHARS && name !== '__proto__') {
      kept[name] = {};
      others++;
    }
  }
  return kept;
}

/** The client info a session keeps of `declared`, or undefined. */
export function retainedClientInfo(declared: Implementation | undefined): Implementation | undefined {
  if (!isObject(declared)) return undefined;
  const text = (value: unknown): string | undefined =>
    typeof value === 'string' ? value.slice(0, MAX_INFO_CHARS) : undefined;
  const info: Implementation = { name: text(declared.name) ?? '', version: text(declared.version) ?? '' };
  const title = text(declared.title);
  if (title !== undefined) info.title = title;
  return info;
}
