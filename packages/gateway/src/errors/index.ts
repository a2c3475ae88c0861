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
export {
  createToolError,
  isIdempotentMethod,
  type ToolError,
  type ToolErrorFacts,
  toolErrorResult,
} from './tool-error.js';
export {
  isToolErrorCode,
  OUTCOME_CERTAINTIES,
  type OutcomeCertainty,
  type OutcomeRule,
  type RetryabilityRule,
  TOOL_ERROR_STAGES,
  TOOL_ERRORS,
  type ToolErrorCode,
  type ToolErrorInfo,
  type ToolErrorStage,
  toolErrorInfo,
} from './tool-error-table.js';
