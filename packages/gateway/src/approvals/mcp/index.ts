/**
 * What an MCP client sees when it calls a tool that needs a person's approval: the plain
 * `approval_required` result, a task, or a URL elicitation (see approval-call.ts).
 * @module
 */
export {
  type ApprovalAnswer,
  type ApprovalCall,
  type ApprovalSurfaces,
  answerApprovalCall,
  type CallPlace,
  DEFAULT_APPROVAL_WAIT_MS,
} from './approval-call.js';
export {
  APPROVAL_REQUIRED_SCHEMA,
  type ApprovalRequired,
  approvalOutputSchema,
  approvalPath,
  approvalRequired,
  approvalRequiredResult,
  decidedResult,
} from './approval-result.js';
export { ApprovalTaskStore } from './approval-task-store.js';
export { readPublicOrigin } from './public-origin.js';
