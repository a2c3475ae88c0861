/**
 * @module
 * Reads Ajv's errors as a group, so a message can name the fix. Alone, an `if` error reads
 * `must match "then" schema` and a `const` one `must be equal to constant`; together with the
 * errors around them they say which field is missing under which condition, and which values
 * a choice allows. Needs Ajv's `verbose` errors (`parentSchema`, `data`).
 */
import type { ErrorObject } from 'ajv/dist/2020.js';
import { describeValue, joinPath, quotePath } from './issue-text.js';

/** What the errors around one error add to its message. */
export interface ErrorContext {
  /** Errors said by others: an `if` explained by its branch's errors, consts merged into a choice. */
  readonly skip: Set<ErrorObject>;
  /** An error inside a `then`/`else` branch: when the branch applies, e.g. `when 'role' is "editor"`. */
  readonly condition: Map<ErrorObject, string>;
  /** An `anyOf`/`oneOf` whose every failing branch is a `const`: the values it allows. */
  readonly choices: Map<ErrorObject, unknown[]>;
}

/** Keywords an `if` schema may use and still be described in words. */
const PLAIN_CONDITION_KEYWORDS = new Set(['properties', 'required', 'type', 'title', 'description']);
const PLAIN_PROPERTY_KEYWORDS = new Set(['const', 'enum', 'type', 'title', 'description']);

/**
 * Ajv reports a branch's errors right before the `if`/`anyOf`/`oneOf` error they belong to, so
 * each is found by walking back from it while the schema path stays inside: linear in the number
 * of errors times the nesting of such keywords.
 */
export function readContext(errors: readonly ErrorObject[]): ErrorContext {
  const context: ErrorContext = { skip: new Set(), condition: new Map(), choices: new Map() };
  for (let index = 0; index < errors.length; index++) {
    const error = errors[index] as ErrorObject;
    if (error.keyword === 'if')
      explainBranch(error, branchErrors(errors, index, ifBranchPath(error)), context);
    else if (error.keyword === 'anyOf' || error.keyword === 'oneOf')
      mergeConsts(error, branchErrors(errors, index, error.schemaPath), context);
  }
  return context;
}

/** `#/…/then` or `#/…/else` for an `if` error whose branch failed; undefined otherwise. */
function ifBranchPath(ifError: ErrorObject): string | undefined {
  const branch = (ifError.params as { failingKeyword?: unknown }).failingKeyword;
  if (branch !== 'then' && branch !== 'else') return undefined;
  return `${ifError.schemaPath.slice(0, -'if'.length)}${branch}`;
}

function branchErrors(
  errors: readonly ErrorObject[],
  index: number,
  prefix: string | undefined,
): ErrorObject[] {
  const found: ErrorObject[] = [];
  if (prefix === undefined) return found;
  for (let before = index - 1; before >= 0; before--) {
    const error = errors[before] as ErrorObject;
    if (!within(error.schemaPath, prefix)) break;
    found.push(error);
  }
  return found.reverse();
}

/** Marks the errors of the failed branch with the condition; the `if` error itself then says nothing new. */
function explainBranch(ifError: ErrorObject, branch: readonly ErrorObject[], context: ErrorContext): void {
  const keyword = (ifError.params as { failingKeyword?: unknown }).failingKeyword as 'then' | 'else';
  const described = describeCondition(ifError, keyword);
  const words = described ?? `(by the "${keyword}" of an if/then)`;
  for (const error of branch) {
    // The innermost if wins: Ajv reports it before the ifs around it.
    if (!context.condition.has(error)) context.condition.set(error, words);
  }
  if (branch.length > 0) context.skip.add(ifError);
  else if (described !== undefined) context.condition.set(ifError, described);
}

function within(schemaPath: string, prefix: string): boolean {
  return schemaPath === prefix || schemaPath.startsWith(`${prefix}/`);
}

/**
 * `when 'role' is "editor"` for a `then`, `unless 'role' is "editor"` for an `else`; undefined
 * when the `if` is more than constants, enums and required names.
 */
function describeCondition(ifError: ErrorObject, branch: 'then' | 'else'): string | undefined {
  const condition = (ifError.parentSchema as { if?: unknown } | undefined)?.if;
  if (typeof condition !== 'object' || condition === null || Array.isArray(condition)) return undefined;
  if (!Object.keys(condition).every((key) => PLAIN_CONDITION_KEYWORDS.has(key))) return undefined;
  const { properties = {}, required = [] } = condition as { properties?: unknown; required?: unknown };
  if (typeof properties !== 'object' || properties === null || !Array.isArray(required)) return undefined;
  const data = ifError.data as Record<string, unknown> | undefined;
  const parts: string[] = [];
  for (const [key, schema] of Object.entries(properties)) {
    const name = quotePath(joinPath(ifError.instancePath, key));
    if (typeof schema !== 'object' || schema === null) return undefined;
    if (!Object.keys(schema).every((keyword) => PLAIN_PROPERTY_KEYWORDS.has(keyword))) return undefined;
    const { const: constant, enum: allowed } = schema as { const?: unknown; enum?: unknown };
    if (branch === 'then') {
      // The condition held, so the value the caller sent says it exactly.
      const given = typeof data === 'object' && data !== null && Object.hasOwn(data, key);
      parts.push(given ? `${name} is ${describeValue(data[key])}` : `${name} is not given`);
    } else if ('const' in schema) parts.push(`${name} is ${describeValue(constant)}`);
    else if (Array.isArray(allowed)) parts.push(`${name} is one of ${describeValues(allowed)}`);
    else return undefined;
  }
  for (const key of required) {
    if (typeof key !== 'string') return undefined;
    if (!Object.hasOwn(properties, key))
      parts.push(`${quotePath(joinPath(ifError.instancePath, key))} is given`);
  }
  if (parts.length === 0) return undefined;
  return `${branch === 'then' ? 'when' : 'unless'} ${parts.join(' and ')}`;
}

/** `oneOf: [{const: 'a'}, {const: 'b'}]` (titled choices) failing: one `must be one of "a", "b"`. */
function mergeConsts(combinator: ErrorObject, branches: readonly ErrorObject[], context: ErrorContext): void {
  const isConstBranch = (error: ErrorObject): boolean =>
    error.keyword === 'const' &&
    error.instancePath === combinator.instancePath &&
    /^\/\d+\/const$/.test(error.schemaPath.slice(combinator.schemaPath.length));
  if (branches.length === 0 || !branches.every(isConstBranch)) return;
  context.choices.set(
    combinator,
    branches.map((error) => (error.params as { allowedValue?: unknown }).allowedValue),
  );
  for (const branch of branches) context.skip.add(branch);
}

/** Allowed values in a message: at most {@link MAX_LISTED_VALUES}, each bounded. */
export function describeValues(values: readonly unknown[]): string {
  const listed = values.slice(0, MAX_LISTED_VALUES).map((value) => describeValue(value));
  if (values.length > MAX_LISTED_VALUES) listed.push(`… (${values.length} in all)`);
  return listed.join(', ');
}

/** Enough values to read a choice; an enum of thousands would otherwise fill the message. */
const MAX_LISTED_VALUES = 10;
