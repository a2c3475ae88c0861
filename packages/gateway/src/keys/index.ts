export {
  API_KEY_SELECT,
  type ApiKey,
  type ApiKeyRow,
  type CreatedKey,
  type CreateKeyInput,
  createKey,
  getKey,
  type ListKeysFilter,
  listKeys,
  MAX_ALLOWED_ORIGINS,
  MAX_KEY_NAME_LENGTH,
  revokeKey,
  toApiKey,
} from './api-keys-table.js';
export { authorizeAdmin, authorizeApproval, authorizeMcpClient } from './authorize.js';
export { bearerToken } from './bearer.js';
export { BOOTSTRAP_LOCK_KEY, bootstrapAdminKey, DEFAULT_BOOTSTRAP_KEY_NAME } from './bootstrap.js';
export { KEY_REVOKED_CHANNEL } from './key-events.js';
export {
  generateKey,
  KEY_PATTERN,
  KEY_PREFIX,
  KEY_SECRET_BYTES,
  keySha256,
  type NewKey,
  parseKey,
} from './key-format.js';
export { KEY_TYPE_TAGS, KEY_TYPES, type KeyType } from './key-types.js';
export {
  DEFAULT_KEY_CACHE_ENTRIES,
  DEFAULT_LAST_USED_FLUSH_MS,
  KeyVerifier,
  type KeyVerifierOptions,
  MAX_KEY_CACHE_AGE_MS,
  type VerifiedKey,
} from './key-verifier.js';
