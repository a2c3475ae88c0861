import { withoutControlFields } from './fingerprint.js';
import { setOwnMember } from './own-member.js';

/**
 * The `payload_preview` of an approval request: what a person sees before deciding. A bounded,
 * redacted copy of the arguments: secret-looking members are replaced by name at any depth,
 * long strings and arrays are cut with a marker, deep nesting is elided, and the whole stays
 * under {@link MAX_PREVIEW_BYTES} of JSON (coarser cuts are tried until it fits). Pure.
 *
 * Every member of the arguments is in the preview (or counted by a marker): a member named
 * `__proto__` is copied as a member, never through the prototype setter, and two long names
 * cut to the same text both stay. {@link previewWithCut} says whether anything was cut, so a
 * person is told when the preview is not the whole call.
 * @module
 */

/** What a secret-looking member's value becomes. */
export const REDACTED = '[redacted]';
/** What a value nested deeper than the bound becomes. */
export const DEPTH_MARKER = '[depth]';
/** What a preview becomes when not even the coarsest cut fits. */
export const TOO_LARGE_MARKER = '[preview too large]';
/** Largest preview, as UTF-8 JSON. */
export const MAX_PREVIEW_BYTES = 8 * 1024;

/** One level of cutting. */
interface Bounds {
  maxString: number;
  maxItems: number;
  maxKeys: number;
  maxDepth: number;
}

/** Tried in order until the preview fits: the first is what a normal payload gets. */
const LEVELS: readonly Bounds[] = [
  { maxString: 256, maxItems: 20, maxKeys: 64, maxDepth: 8 },
  { maxString: 64, maxItems: 5, maxKeys: 16, maxDepth: 4 },
  { maxString: 16, maxItems: 2, maxKeys: 8, maxDepth: 2 },
];

/** Words that mark a secret wherever they appear in a name (separators and case ignored). */
const SECRET_PARTS = [
  'password',
  'passwd',
  'passphrase',
  'secret',
  'token',
  'apikey',
  'authorization',
  'credential',
  'signature',
  'cookie',
  'privatekey',
  'accesskey',
  'bearer',
];
/** Short words that mark a secret only as a whole word of the name (`key`, `private_key`, `keyId`; not `monkey`). */
const SECRET_WORDS = new Set([
  'key',
  'auth',
  'session',
  'pwd',
  'pin',
  'otp',
  'cvv',
  'cvc',
  'jwt',
  'sig',
  'ssn',
]);

/** The words of a name: split at `-`, `_`, `.`, spaces and lower→upper case changes. */
function wordsOf(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word !== '');
}

/** Whether a member called `name` likely holds a secret. Case-insensitive; `-` and `_` ignored. */
export function isSecretName(name: string): boolean {
  const words = wordsOf(name);
  if (words.some((word) => SECRET_WORDS.has(word))) return true;
  const joined = words.join('');
  return SECRET_PARTS.some((part) => joined.includes(part));
}

function cutString(text: string, max: number): string {
  if (text.length <= max) return text;
  // Never split a surrogate pair: the cut text must stay valid UTF-16.
  let end = max;
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end -= 1;
  return `${text.slice(0, end)}…[+${text.length - end} chars]`;
}

/** One copy in progress: its bounds, and whether it has cut anything yet. */
interface Copying {
  readonly bounds: Bounds;
  cut: boolean;
}

function cutText(text: string, max: number, state: Copying): string {
  const cut = cutString(text, max);
  if (cut !== text) state.cut = true;
  return cut;
}

/** A name not yet in `out`: a cut name that another cut name already took gets ` #2`, ` #3`, ... */
function freeName(out: Record<string, unknown>, name: string): string {
  if (!Object.hasOwn(out, name)) return name;
  for (let n = 2; ; n++) {
    const numbered = `${name} #${n}`;
    if (!Object.hasOwn(out, numbered)) return numbered;
  }
}

function copy(value: unknown, depth: number, state: Copying): unknown {
  const { bounds } = state;
  if (typeof value === 'string') return cutText(value, bounds.maxString, state);
  if (value === null || typeof value !== 'object') {
    // Numbers and booleans as they are; what JSON cannot hold (undefined, functions) as null.
    return typeof value === 'number' || typeof value === 'boolean' ? value : null;
  }
  if (depth >= bounds.maxDepth) {
    state.cut = true;
    return DEPTH_MARKER;
  }
  if (Array.isArray(value)) {
    const items = value.slice(0, bounds.maxItems).map((item) => copy(item, depth + 1, state));
    if (value.length > bounds.maxItems) {
      state.cut = true;
      items.push(`…[+${value.length - bounds.maxItems} items]`);
    }
    return items;
  }
  const out: Record<string, unknown> = {};
  const entries = Object.entries(value);
  for (const [name, member] of entries.slice(0, bounds.maxKeys)) {
    const shown = freeName(out, cutText(name, bounds.maxString, state));
    setOwnMember(out, shown, isSecretName(name) ? REDACTED : copy(member, depth + 1, state));
  }
  if (entries.length > bounds.maxKeys) {
    state.cut = true;
    setOwnMember(out, freeName(out, '…'), `[+${entries.length - bounds.maxKeys} members]`);
  }
  return out;
}

function jsonBytes(value: unknown): number {
  return Buffer.byteLength(JSON.stringify(value), 'utf8');
}

/** A preview and whether it was cut (a string, list, object or nesting shortened, or the whole replaced). */
export interface Preview {
  preview: unknown;
  /** False only when the preview is the whole call, secret-looking values aside (they say `[redacted]`). */
  truncated: boolean;
}

/**
 * The preview of a call's arguments (control fields left out), and whether anything was cut.
 * Always at most {@link MAX_PREVIEW_BYTES} as JSON.
 */
export function previewWithCut(args: Record<string, unknown>): Preview {
  const kept = withoutControlFields(args);
  for (const bounds of LEVELS) {
    const state: Copying = { bounds, cut: false };
    const preview = copy(kept, 0, state);
    if (jsonBytes(preview) <= MAX_PREVIEW_BYTES) return { preview, truncated: state.cut };
  }
  return { preview: TOO_LARGE_MARKER, truncated: true };
}

/** The preview of a call's arguments alone (see {@link previewWithCut}). */
export function previewOf(args: Record<string, unknown>): unknown {
  return previewWithCut(args).preview;
}
