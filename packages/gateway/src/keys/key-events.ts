/** The LISTEN/NOTIFY channel announcing a revoked key (payload: the key id) to every gateway process. */
export const KEY_REVOKED_CHANNEL = 'mcpforge_key_revoked';
