export { APPROVAL_ID_PATTERN, isApprovalId, newApprovalId } from './approval-id.js';
export {
  APPROVAL_LIMIT_NAMES,
  type ApprovalLimitOptions,
  type ApprovalLimits,
  DEFAULT_MAX_ARGUMENTS_BYTES,
  DEFAULT_MAX_PENDING_PER_AGENT,
  DEFAULT_MAX_PENDING_PER_KEY,
  DEFAULT_RETENTION_MS,
  readApprovalLimits,
} from './approval-limits.js';
export {
  ACTIVE_STATUSES,
  APPROVAL_STATUSES,
  type ApprovalRecord,
  type ApprovalScope,
  type ApprovalStatus,
  isTerminal,
  TERMINAL_STATUSES,
} from './approval-record.js';
export { ApprovalRefusal, type ApprovalRefusalCode } from './approval-refusal.js';
export {
  ABANDONED_ERROR_CODE,
  APPROVALS_CHANNEL,
  type ApprovalDecision,
  type ApprovalListFilter,
  type ApprovalRequestInput,
  ApprovalService,
  type ApprovalServiceOptions,
  DEFAULT_LEASE_MS,
  DEFAULT_MAX_ATTEMPTS,
  DEFAULT_PENDING_TTL_MS,
  DEFAULT_POLL_MS,
  DEFAULT_SWEEP_MS,
  type ExecutionFailure,
  idempotencyKeyOf,
  MAX_LIST_LIMIT,
  MAX_NOTE_LENGTH,
  MAX_RESPONSE_PAYLOAD_BYTES,
} from './approval-service.js';
export {
  type ApprovalIdentity,
  approvalFingerprint,
  CONTROL_FIELD_PREFIX,
  isControlField,
  withoutControlFields,
} from './fingerprint.js';
export {
  isSecretName,
  MAX_PREVIEW_BYTES,
  type Preview,
  previewOf,
  previewWithCut,
  REDACTED,
} from './preview.js';
