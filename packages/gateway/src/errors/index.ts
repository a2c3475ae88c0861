export {
  errorInfo,
  GATEWAY_ERRORS,
  type GatewayErrorCode,
  type GatewayErrorInfo,
  isGatewayErrorCode,
  PROBLEM_TYPE_PREFIX,
  problemType,
  type Retryability,
} from './error-table.js';
export { GatewayError, type GatewayErrorOptions, invalidField } from './gateway-error.js';
export { PROBLEM_CONTENT_TYPE, type Problem, toProblem } from './problem.js';
