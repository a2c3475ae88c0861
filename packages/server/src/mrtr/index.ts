export {
  type RequestStateBinding,
  type RequestStateContent,
  RequestStateError,
  RequestStateSealer,
} from './request-state.js';
