/**
 * JSON-RPC error codes MCPL uses (App. A, §6.6, §8.7, §14). Three collide with MCP's legacy
 * -32000…-32019 range (MCP -32002 "resource not found", the SDKs' -32001 "session not found"):
 * read a code by the method that was called and the peer's protocol.
 */

/** A feature set the call needs is not enabled; `data: { featureSet }`. */
export const ERR_FEATURE_SET_NOT_ENABLED = -32001;
/** The grant does not include the capability; `data: { capability }` (new in 0.5). */
export const ERR_CAPABILITY_DENIED = -32002;
/** The named feature set was never declared. */
export const ERR_UNKNOWN_FEATURE_SET = -32003;
/** `state/rollback` to a checkpoint that is gone; `data: { checkpoint }`. */
export const ERR_CHECKPOINT_NOT_FOUND = -32005;
/** The channel exists but this use of it is not permitted. */
export const ERR_CHANNEL_NOT_PERMITTED = -32017;
/** No channel with that id (not -32004, which AUDIT-001 flags as non-conforming). */
export const ERR_UNKNOWN_CHANNEL = -32023;
/** `channels/open` could not open the channel. */
export const ERR_CHANNEL_OPEN_FAILED = -32024;

// JSON-RPC 2.0's own, under the names MCPL peers import.
export const ERR_PARSE_ERROR = -32700;
export const ERR_INVALID_REQUEST = -32600;
export const ERR_METHOD_NOT_FOUND = -32601;
export const ERR_INVALID_PARAMS = -32602;
export const ERR_INTERNAL_ERROR = -32603;
/**
 * Not in the spec: what deployed peers answer when a handler threw, and the public core's
 * code for a request that timed out locally.
 */
export const ERR_SERVER_ERROR = -32000;
