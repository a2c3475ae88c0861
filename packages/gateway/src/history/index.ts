/**
 * Invocation history (batched writes, never delaying an answer) and first-call evidence per key.
 * @module
 */
export { type EvidenceGap, type FirstCallEvidence, firstCallEvidence } from './first-call-evidence.js';
export {
  CALL_OUTCOMES,
  type CallOutcome,
  DEFAULT_HISTORY_PAGE,
  type DiscoveryRecord,
  type Invocation,
  type InvocationFilter,
  type InvocationRecord,
  listInvocations,
  MAX_HISTORY_PAGE,
} from './history-table.js';
export {
  DEFAULT_HISTORY_BATCH_ROWS,
  DEFAULT_HISTORY_FLUSH_MS,
  DEFAULT_HISTORY_MAX_QUEUED,
  HistoryWriter,
  type HistoryWriterOptions,
} from './history-writer.js';
