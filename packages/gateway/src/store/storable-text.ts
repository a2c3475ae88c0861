/**
 * Text the gateway refuses wherever a caller gives it (admin and approval bodies and paths, tool
 * arguments): a NUL, which PostgreSQL stores in neither `text` nor `jsonb`, and a lone
 * surrogate, which has no UTF-8 form (node-postgres would store U+FFFD in its place, `jsonb`
 * refuses its `\ud800` escape). Refused as the caller's mistake, naming the field, instead of
 * failing later as `500 internal` (issue 19, point 13).
 * @module
 */

/** A surrogate code unit that is not half of a pair: under the `u` flag, a pair is one code point. */
const LONE_SURROGATE = /\p{Cs}/u;

/** Why `text` cannot be stored or sent, or undefined when it can. */
export function unstorableText(text: string): string | undefined {
  if (text.includes('\u0000')) return 'contains NUL (\\u0000)';
  if (LONE_SURROGATE.test(text)) return 'contains a lone surrogate (text that is not well-formed UTF-16)';
  return undefined;
}

/** Where {@link findUnstorable} stopped: the path from the root and what is wrong there. */
export interface UnstorableFinding {
  /** Object member names and array indexes, from the root to the value (or the object whose member name is at fault). */
  path: Array<string | number>;
  /** `value`: a string; `name`: one of the object's member names; `depth`: nested deeper than allowed. */
  kind: 'value' | 'name' | 'depth';
  reason: string;
}

interface Step {
  value: unknown;
  depth: number;
  parent: Step | undefined;
  key: string | number | undefined;
}

function pathOf(step: Step): Array<string | number> {
  const path: Array<string | number> = [];
  for (let at: Step | undefined = step; at?.key !== undefined; at = at.parent) path.push(at.key);
  return path.reverse();
}

/**
 * The first string or member name in a JSON value that {@link unstorableText} refuses, or the
 * first object or array nested deeper than `maxDepth` (the root object is depth 1). Iterative:
 * a value nested thousands deep is walked, not recursed into.
 */
export function findUnstorable(
  value: unknown,
  maxDepth = Number.POSITIVE_INFINITY,
): UnstorableFinding | undefined {
  const stack: Step[] = [{ value, depth: 0, parent: undefined, key: undefined }];
  while (stack.length > 0) {
    const step = stack.pop() as Step;
    const node = step.value;
    if (typeof node === 'string') {
      const reason = unstorableText(node);
      if (reason !== undefined) return { path: pathOf(step), kind: 'value', reason };
      continue;
    }
    if (typeof node !== 'object' || node === null) continue;
    const depth = step.depth + 1;
    if (depth > maxDepth)
      return { path: pathOf(step), kind: 'depth', reason: `nests deeper than ${maxDepth} levels` };
    if (Array.isArray(node)) {
      for (let index = node.length - 1; index >= 0; index--)
        stack.push({ value: node[index], depth, parent: step, key: index });
      continue;
    }
    const keys = Object.keys(node);
    for (const key of keys) {
      const reason = unstorableText(key);
      if (reason !== undefined)
        return { path: pathOf(step), kind: 'name', reason: `has a member name that ${reason}` };
    }
    for (let index = keys.length - 1; index >= 0; index--) {
      const key = keys[index] as string;
      stack.push({ value: (node as Record<string, unknown>)[key], depth, parent: step, key });
    }
  }
  return undefined;
}
