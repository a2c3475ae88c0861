import { errorInfo, problemType } from './error-table.js';
import { GatewayError } from './gateway-error.js';

/** An RFC 9457 problem details body, as the admin API answers it (`application/problem+json`). */
export interface Problem {
  type: string;
  title: string;
  status: number;
  detail: string;
  /** The gateway error code (`invalid_field`, `not_found`, ...). */
  code: string;
  /** The input field at fault, when one is. */
  field?: string;
  request_id: string;
}

/** Media type of {@link Problem} bodies. */
export const PROBLEM_CONTENT_TYPE = 'application/problem+json';

/**
 * The problem body for `error`. Anything that is not a {@link GatewayError} becomes `internal`
 * with a fixed detail: internal error text never reaches the caller.
 */
export function toProblem(error: unknown, requestId: string): Problem {
  const gatewayError =
    error instanceof GatewayError ? error : new GatewayError('internal', 'the gateway failed to answer');
  const info = errorInfo(gatewayError.code);
  const problem: Problem = {
    type: problemType(gatewayError.code),
    title: info.title,
    status: info.status,
    detail: gatewayError.message,
    code: gatewayError.code,
    request_id: requestId,
  };
  if (gatewayError.field !== undefined) problem.field = gatewayError.field;
  return problem;
}
