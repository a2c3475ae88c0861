import { SALES, SALES_ARGUMENTS } from './seed-demo.js';

/**
 * What the demo prints for a person to try the approval flow of agent `sales`: a `tools/call`
 * of `create_order` (answered `approval_required`), the pending list, approve, and the request's
 * status, as curl lines. The approval key is not repeated in them (it is shown once, in the
 * key list): they read it from `$APPROVAL_KEY`.
 * @module
 */

/** The protocol version of the printed `tools/call`: a 2026-07-28 request needs no session. */
export const APPROVAL_FLOW_PROTOCOL_VERSION = '2026-07-28';

/** Single-quotes `text` for a POSIX shell. */
function shellQuote(text: string): string {
  return `'${text.replaceAll("'", "'\\''")}'`;
}

/** `tools/call` of `create_order` as one stateless request (no `initialize` first). */
export function createOrderCurl(mcpUrl: string, key: string): string {
  const body = {
    jsonrpc: '2.0',
    id: 1,
    method: 'tools/call',
    params: {
      name: SALES.tool,
      arguments: SALES_ARGUMENTS,
      _meta: {
        'io.modelcontextprotocol/protocolVersion': APPROVAL_FLOW_PROTOCOL_VERSION,
        'io.modelcontextprotocol/clientCapabilities': {},
      },
    },
  };
  return [
    `curl -s ${shellQuote(mcpUrl)}`,
    `  -H ${shellQuote(`Authorization: Bearer ${key}`)}`,
    "  -H 'Content-Type: application/json'",
    "  -H 'Accept: application/json, text/event-stream'",
    `  -H 'MCP-Protocol-Version: ${APPROVAL_FLOW_PROTOCOL_VERSION}'`,
    "  -H 'Mcp-Method: tools/call'",
    `  -H 'Mcp-Name: ${SALES.tool}'`,
    `  --data ${shellQuote(JSON.stringify(body))}`,
  ].join(' \\\n');
}

/** The agent's approval requests, under its MCP URL. */
export function approvalsUrl(mcpUrl: string): string {
  return `${mcpUrl}/approvals`;
}

const AUTHORIZATION = '  -H "Authorization: Bearer $APPROVAL_KEY"';

/** `GET .../approvals?status=pending` with the approval key. */
export function listPendingCurl(mcpUrl: string): string {
  return [`curl -s ${shellQuote(`${approvalsUrl(mcpUrl)}?status=pending`)}`, AUTHORIZATION].join(' \\\n');
}

/** `POST .../approvals/<approval_id>/approve` with the approval key and a note. */
export function approveCurl(mcpUrl: string): string {
  return [
    `curl -s ${shellQuote(`${approvalsUrl(mcpUrl)}/<approval_id>/approve`)}`,
    AUTHORIZATION,
    "  -H 'Content-Type: application/json'",
    `  --data ${shellQuote(JSON.stringify({ approve: 'yes', note: 'tried from the demo' }))}`,
  ].join(' \\\n');
}

/** `GET .../approvals/<approval_id>`: the request's status and, once completed, the order. */
export function approvalStatusCurl(mcpUrl: string): string {
  return [`curl -s ${shellQuote(`${approvalsUrl(mcpUrl)}/<approval_id>`)}`, AUTHORIZATION].join(' \\\n');
}

/** The "try the approval flow" part of the demo's human view. */
export function approvalFlowLines(mcpUrl: string, key: string): string[] {
  return [
    `Try the approval flow: agent ${SALES.agent}, whose ${SALES.tool} runs only once a person approves it.`,
    `MCP URL (agent ${SALES.agent}):`,
    `  ${mcpUrl}`,
    '',
    `1. Call ${SALES.tool}; the order is not placed yet: the answer is approval_required, with an approval_id:`,
    createOrderCurl(mcpUrl, key),
    '',
    '2. Put the approval key from above in APPROVAL_KEY (APPROVAL_KEY=mcpf_apr_...) and list the pending requests:',
    listPendingCurl(mcpUrl),
    '',
    '3. Approve it (its approval_id in the URL): the gateway places the order, once, and answers completed:',
    approveCurl(mcpUrl),
    '',
    '4. Anyone holding the approval key can read the outcome later:',
    approvalStatusCurl(mcpUrl),
  ];
}
