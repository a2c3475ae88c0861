/**
 * The three key types. They are not interchangeable: each endpoint accepts one type and
 * answers 403 to the others.
 * - `mcp_client`: an MCP client of one agent (`initialize`, `tools/list`, `tools/call`);
 * - `approval`: the approval API of a workspace or of one agent, for a person's front end,
 *   never for a model;
 * - `admin`: the admin API.
 */
export const KEY_TYPES = ['mcp_client', 'approval', 'admin'] as const;
export type KeyType = (typeof KEY_TYPES)[number];

/** The type's tag inside the key (`mcpf_mcp_…`), so people and secret scanners can tell them apart. */
export const KEY_TYPE_TAGS: Readonly<Record<KeyType, string>> = {
  mcp_client: 'mcp',
  approval: 'apr',
  admin: 'adm',
};
