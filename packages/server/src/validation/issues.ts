import type { ErrorObject } from 'ajv/dist/2020.js';
import { describeValues, type ErrorContext, readContext } from './error-context.js';
import { describeValue, joinPath, quotePath } from './issue-text.js';

/** One reason a value failed validation. */
export interface ValidationIssue {
  /** Where, as a JSON pointer without the leading slash: `limit`, `items/0/name`; `''` is the root. */
  path: string;
  /** The failing JSON Schema keyword: `type`, `minimum`, `required`, `additionalProperties`, ... */
  rule: string;
  /** Human text naming the field and the rule, e.g. `argument 'limit': must be integer`. */
  message: string;
}

/** The result of a compiled validator: ok, or the issues (capped) that made it fail. */
export type ValidationOutcome = { ok: true } | { ok: false; issues: ValidationIssue[] };

/** Ajv's wording for a rule, or the words that name the fix. */
function detailOf(error: ErrorObject, context: ErrorContext): string {
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required':
      return 'is required';
    case 'additionalProperties':
    case 'unevaluatedProperties':
      return `is not allowed (${error.keyword})`;
    case 'const':
      return `must be ${describeValue(params['allowedValue'])}`;
    case 'enum':
      if (Array.isArray(params['allowedValues']))
        return `must be one of ${describeValues(params['allowedValues'])}`;
      break;
    case 'anyOf':
    case 'oneOf': {
      const choices = context.choices.get(error);
      if (choices !== undefined) return `must be one of ${describeValues(choices)}`;
      break;
    }
    case 'if':
      return `does not meet the "${String(params['failingKeyword'])}" rule`;
    case 'false schema':
      return 'is not allowed';
  }
  return error.message ?? `fails ${error.keyword}`;
}

/** The field an error is about: the missing or extra member for those rules, else where it failed. */
function pathOf(error: ErrorObject): string {
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required':
      return joinPath(error.instancePath, String(params['missingProperty']));
    case 'additionalProperties':
      return joinPath(error.instancePath, String(params['additionalProperty']));
    case 'unevaluatedProperties':
      return joinPath(error.instancePath, String(params['unevaluatedProperty']));
    default:
      return joinPath(error.instancePath, undefined);
  }
}

/**
 * Turns Ajv's (verbose) errors into issues. `subject` names what is validated (`argument`,
 * `config field`); the root is called by its plural (`arguments`) or the subject itself.
 * A rule inside `then`/`else` says when it applies (`argument 'phone': is required when
 * 'contactMethod' is "phone"`), a `const` says the value (`must be "fast"`), and a choice of
 * constants says them all (`must be one of "a", "b"`).
 */
export function toIssues(
  errors: readonly ErrorObject[],
  subject: string,
  maxIssues: number,
): ValidationIssue[] {
  const context = readContext(errors);
  const issues: ValidationIssue[] = [];
  const seen = new Set<string>();
  for (const error of errors) {
    if (issues.length >= maxIssues) break;
    if (context.skip.has(error)) continue;
    const path = pathOf(error);
    const condition = context.condition.get(error);
    const detail =
      condition === undefined ? detailOf(error, context) : `${detailOf(error, context)} ${condition}`;
    const where = path === '' ? `${subject}s` : `${subject} ${quotePath(path)}`;
    const message = `${where}: ${detail}`;
    if (seen.has(message)) continue;
    seen.add(message);
    issues.push({ path, rule: error.keyword, message });
  }
  return issues;
}

/** Joins issues into one line: `argument 'limit': must be integer; argument 'query': is required`. */
export function describeIssues(issues: readonly ValidationIssue[]): string {
  return issues.map((issue) => issue.message).join('; ');
}
