import type { ErrorObject } from 'ajv/dist/2020.js';

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

function escapePointerToken(token: string): string {
  return token.replaceAll('~', '~0').replaceAll('/', '~1');
}

function joinPath(instancePath: string, child: string | undefined): string {
  const base = instancePath.startsWith('/') ? instancePath.slice(1) : instancePath;
  if (child === undefined) return base;
  const token = escapePointerToken(child);
  return base === '' ? token : `${base}/${token}`;
}

/**
 * Turns Ajv's errors into issues. `subject` names what is validated (`argument`,
 * `config field`); the root is called by its plural (`arguments`) or the subject itself.
 */
export function toIssues(
  errors: readonly ErrorObject[],
  subject: string,
  maxIssues: number,
): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  const seen = new Set<string>();
  for (const error of errors) {
    if (issues.length >= maxIssues) break;
    const params = error.params as Record<string, unknown>;
    let path: string;
    let detail: string;
    if (error.keyword === 'required') {
      path = joinPath(error.instancePath, String(params['missingProperty']));
      detail = 'is required';
    } else if (error.keyword === 'additionalProperties') {
      path = joinPath(error.instancePath, String(params['additionalProperty']));
      detail = 'is not allowed (additionalProperties)';
    } else if (error.keyword === 'unevaluatedProperties') {
      path = joinPath(error.instancePath, String(params['unevaluatedProperty']));
      detail = 'is not allowed (unevaluatedProperties)';
    } else {
      path = joinPath(error.instancePath, undefined);
      detail = error.message ?? `fails ${error.keyword}`;
      if (error.keyword === 'enum' && Array.isArray(params['allowedValues'])) {
        detail = `must be one of ${params['allowedValues'].map((v) => JSON.stringify(v)).join(', ')}`;
      }
    }
    const where = path === '' ? `${subject}s` : `${subject} '${path}'`;
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
