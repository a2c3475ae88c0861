export {
  ACTIVE_STATUSES,
  APPROVAL_STATUSES,
  type ApprovalRecord,
  type ApprovalScope,
  type ApprovalStatus,
  isTerminal,
  TERMINAL_STATUSES,
} from './approval-record.js';
export {
  APPROVALS_CHANNEL,
  type ApprovalDecision,
  type ApprovalListFilter,
  type ApprovalRequestInput,
  ApprovalService,
  type ApprovalServiceOptions,
  DEFAULT_LEASE_MS,
  DEFAULT_PENDING_TTL_MS,
  DEFAULT_SWEEP_MS,
} from './approval-service.js';
