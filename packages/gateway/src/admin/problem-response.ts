import { GatewayError } from '../errors/gateway-error.js';
import { PROBLEM_CONTENT_TYPE, type Problem, toProblem } from '../errors/problem.js';
import { type AdminResponse, jsonResponse } from './admin-exchange.js';

/** One entry of a problem's `errors`: a field at fault and what is wrong with it. */
export interface FieldError {
  field: string;
  message: string;
}

/** An admin problem body: RFC 9457 members plus `code`, `request_id` and the fields at fault. */
export interface AdminProblem extends Problem {
  errors?: FieldError[];
}

// Several field errors for one GatewayError (unknown fields): kept beside it, not on it, so the
// error class stays the one shared shape.
const FIELD_ERRORS = new WeakMap<GatewayError, FieldError[]>();

/** An `invalid_field` error listing several fields (each in `errors`). */
export function invalidFields(errors: FieldError[], detail: string): GatewayError {
  const error = new GatewayError('invalid_field', detail, { field: errors[0]?.field });
  FIELD_ERRORS.set(error, errors);
  return error;
}

function fieldErrors(error: unknown, problem: Problem): FieldError[] | undefined {
  if (error instanceof GatewayError) {
    const listed = FIELD_ERRORS.get(error);
    if (listed !== undefined) return listed;
  }
  if (problem.field === undefined) return undefined;
  const prefix = `${problem.field}: `;
  const message = problem.detail.startsWith(prefix) ? problem.detail.slice(prefix.length) : problem.detail;
  return [{ field: problem.field, message }];
}

/** The problem+json answer for `error` (anything not a GatewayError is a bare `internal`). */
export function problemResponse(
  error: unknown,
  requestId: string,
  headers: Record<string, string> = {},
): AdminResponse {
  const problem: AdminProblem = toProblem(error, requestId);
  const errors = fieldErrors(error, problem);
  if (errors !== undefined) problem.errors = errors;
  const response = jsonResponse(problem.status, problem, PROBLEM_CONTENT_TYPE);
  Object.assign(response.headers, headers);
  return response;
}
