export {
  DEFAULT_REQUEST_STATE_TTL_MS,
  MAX_REQUEST_STATE_LENGTH,
  type RequestStateBinding,
  type RequestStateContent,
  RequestStateError,
  RequestStateSealer,
} from './request-state.js';
