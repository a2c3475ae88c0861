import { adminGet, mcpUrl, type Page, seg } from '../api.js';
import { copyButton } from '../copy.js';
import { h } from '../dom.js';
import { time } from '../format.js';
import type { ApiKey, FirstCall } from '../models.js';
import { workspace } from '../session.js';
import type { View } from '../view.js';

/**
 * Getting started with one agent: the first-call evidence of each of its MCP client keys as a
 * checklist (initialize → initialized → tools/list → a successful tools/call with the same key,
 * as the admin API proves it), the MCP URL, and configurations to paste: curl, the MCP
 * Inspector, and the JSON MCP hosts take. Key values are never shown again: the snippets hold
 * a placeholder.
 * @module
 */

const KEY_PLACEHOLDER = '<your mcp_client key>';

const REASONS: Record<string, string> = {
  no_qualifying_call: 'No complete first call yet with this key.',
  key_revoked: 'This key is revoked: create a new one.',
  not_mcp_client: 'Not an MCP client key.',
};

function checklist(evidence: FirstCall): HTMLElement {
  const confirmed = evidence.state === 'confirmed';
  const modern = evidence.invocation?.era === 'modern';
  const steps: [string, boolean | 'n/a'][] = [
    ['initialize', confirmed ? (modern ? 'n/a' : true) : false],
    ['notifications/initialized', confirmed ? (modern ? 'n/a' : true) : false],
    ['tools/list', confirmed],
    ['a successful tools/call with the same key', confirmed],
  ];
  return h(
    'ol',
    { class: 'checklist', 'data-state': evidence.state },
    ...steps.map(([step, done]) =>
      h(
        'li',
        { class: done === true ? 'done' : done === 'n/a' ? 'skipped' : 'todo' },
        h('span', { class: 'mark', 'aria-hidden': 'true' }, done === true ? '✓' : done === 'n/a' ? '–' : '○'),
        `${step}: `,
        h('strong', {}, done === true ? 'done' : done === 'n/a' ? 'not needed (modern protocol)' : 'not yet'),
      ),
    ),
  );
}

function snippet(title: string, text: string, view: View): HTMLElement {
  const pre = h('pre', { class: 'code-block', tabindex: 0 }, text);
  return h(
    'section',
    { class: 'snippet' },
    h('h3', {}, title),
    pre,
    copyButton(`Copy ${title}`, () => text, pre, view.announce),
  );
}

export async function renderOnboarding(view: View, agent: string): Promise<void> {
  const content = view.page(`Onboarding: ${agent}`);
  const keys = await adminGet<Page<ApiKey>>(
    `/keys?workspace=${seg(workspace())}&type=mcp_client&includeRevoked=true&limit=500`,
  );
  const mine = keys.items.filter((key) => key.agent === agent);
  const evidence = await Promise.all(
    mine.map((key) => adminGet<FirstCall>(`/keys/${seg(key.id)}/first-call`)),
  );
  if (!view.live()) return;
  const url = mcpUrl(workspace(), agent);
  const urlNode = h('code', { id: 'mcp-url' }, url);
  content.append(
    h('p', {}, h('a', { href: `#/agents/${seg(agent)}` }, `← Agent ${agent}`)),
    h(
      'section',
      { class: 'card' },
      h('h2', {}, 'MCP URL'),
      h('p', {}, urlNode),
      copyButton('Copy URL', () => url, urlNode, view.announce),
    ),
  );
  const evidenceSection = h(
    'section',
    { 'aria-labelledby': 'evidence-title' },
    h('h2', { id: 'evidence-title' }, 'First-call evidence'),
  );
  if (mine.length === 0) {
    evidenceSection.append(
      h('p', {}, 'No MCP client key for this agent yet. ', h('a', { href: '#/keys' }, 'Create one'), '.'),
    );
  }
  mine.forEach((key, index) => {
    const proof = evidence[index]!;
    const invocation = proof.invocation;
    evidenceSection.append(
      h(
        'div',
        { class: 'card evidence' },
        h('h3', {}, `Key “${key.name}” (${key.displayPrefix}…)`),
        checklist(proof),
        proof.state === 'confirmed' && invocation !== undefined
          ? h(
              'p',
              {},
              `Confirmed by ${invocation.tool ?? 'a call'} (operation ${invocation.operation ?? '—'} v${invocation.operationVersion ?? '—'}) at ${time(invocation.calledAt)}; request id `,
              h('code', {}, invocation.requestId),
              ', trace id ',
              h('code', {}, invocation.traceId),
              '.',
            )
          : h('p', {}, REASONS[proof.reason ?? ''] ?? proof.reason ?? ''),
      ),
    );
  });
  const init = JSON.stringify({
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: {
      protocolVersion: '2025-06-18',
      capabilities: {},
      clientInfo: { name: 'curl', version: '1.0.0' },
    },
  });
  const headers = `-H 'Authorization: Bearer ${KEY_PLACEHOLDER}' -H 'Content-Type: application/json' -H 'Accept: application/json, text/event-stream'`;
  const curl = [
    `URL='${url}'`,
    `SESSION=$(curl -sS -D - -o /dev/null "$URL" ${headers} \\`,
    `  --data '${init}' | awk -F': ' 'tolower($1)=="mcp-session-id" {print $2}' | tr -d '\\r')`,
    `curl -sS "$URL" ${headers} -H "MCP-Session-Id: $SESSION" -H 'MCP-Protocol-Version: 2025-06-18' \\`,
    `  --data '{"jsonrpc":"2.0","method":"notifications/initialized"}'`,
    `curl -sS "$URL" ${headers} -H "MCP-Session-Id: $SESSION" -H 'MCP-Protocol-Version: 2025-06-18' \\`,
    `  --data '{"jsonrpc":"2.0","id":2,"method":"tools/list","params":{}}'`,
    `curl -sS "$URL" ${headers} -H "MCP-Session-Id: $SESSION" -H 'MCP-Protocol-Version: 2025-06-18' \\`,
    `  --data '{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"<tool>","arguments":{}}}'`,
  ].join('\n');
  const inspector = [
    `npx @modelcontextprotocol/inspector --cli '${url}' --transport http \\`,
    `  --header 'Authorization: Bearer ${KEY_PLACEHOLDER}' --method tools/list`,
  ].join('\n');
  const host = JSON.stringify(
    {
      mcpServers: { [agent]: { type: 'http', url, headers: { Authorization: `Bearer ${KEY_PLACEHOLDER}` } } },
    },
    null,
    2,
  );
  content.append(
    evidenceSection,
    h(
      'section',
      { 'aria-labelledby': 'configs-title' },
      h('h2', { id: 'configs-title' }, 'Client configurations'),
      h('p', {}, `Replace ${KEY_PLACEHOLDER} with the key's value (shown once, when it was created).`),
      snippet('curl', curl, view),
      snippet('MCP Inspector', inspector, view),
      snippet('MCP host JSON', host, view),
    ),
  );
}
