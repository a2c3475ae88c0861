import { adminGet, approvalsBase, call, seg } from '../api.js';
import { button, field, h, replace } from '../dom.js';
import { prettyJson, time } from '../format.js';
import { type Approval, toApproval } from '../models.js';
import { POLL_MS } from '../poll-interval.js';
import { currentSession, setAgent, setWorkspace } from '../session.js';
import { describe, poll, type View } from '../view.js';
import { statusBadge } from './approvals.js';

/**
 * One approval request: what was asked (agent, tool, the redacted preview, who and when), its
 * history (requested, decided, executed) and outcome, and, for an approver while it is pending,
 * Approve / Deny with a note and a confirmation. The `approval_url` a client got opens here.
 * @module
 */

const FINAL = new Set(['completed', 'failed', 'denied', 'expired']);

async function load(workspace: string, agent: string, id: string): Promise<Approval> {
  if (currentSession()?.role === 'admin') {
    return toApproval(
      await adminGet(`/workspaces/${seg(workspace)}/agents/${seg(agent)}/approvals/${seg(id)}`),
    );
  }
  return toApproval(await call('GET', `${approvalsBase(workspace, agent)}/${seg(id)}`));
}

function row(label: string, value: Node | string): HTMLElement[] {
  return [h('dt', {}, label), h('dd', {}, value)];
}

function code(text: string): HTMLElement {
  return h('code', {}, text);
}

/** The requesting key: its name and id, and whether it is still active (never its value). */
function requester(approval: Approval): HTMLElement {
  const state =
    approval.requestedByKeyActive === undefined
      ? ''
      : approval.requestedByKeyActive
        ? ' (active)'
        : ' (revoked: approving will fail)';
  const name = approval.requestedByKeyName === undefined ? '' : `${approval.requestedByKeyName} `;
  return h('span', {}, name, code(approval.requestedByKeyId ?? ''), state);
}

function details(approval: Approval): HTMLElement {
  const rows: HTMLElement[] = [
    ...row('Status', statusBadge(approval.status)),
    ...row('Workspace', approval.workspace),
    ...row('Agent', approval.agent),
    ...row('Tool', approval.tool),
  ];
  if (approval.operationVersionId !== undefined)
    rows.push(...row('Operation version', code(approval.operationVersionId)));
  if (approval.requestedByKeyId !== undefined) rows.push(...row('Requested by key', requester(approval)));
  rows.push(
    ...row('Requested', time(approval.createdAt)),
    ...row('Expires', time(approval.expiresAt)),
    ...row('Request id', code(approval.requestId)),
    ...row('Trace id', code(approval.traceId)),
  );
  return h('dl', { class: 'facts' }, ...rows);
}

function history(approval: Approval): HTMLElement {
  const steps: HTMLElement[] = [h('li', {}, `Requested ${time(approval.createdAt)}`)];
  if (approval.decidedAt !== null) {
    const how =
      approval.status === 'denied' ? 'Denied' : approval.status === 'expired' ? 'Expired' : 'Approved';
    const who = approval.decidedByKeyId ? ` by key ${approval.decidedByKeyId}` : '';
    steps.push(
      h(
        'li',
        {},
        `${how} ${time(approval.decidedAt)}${who}`,
        approval.note ? ` — note: ${approval.note}` : '',
      ),
    );
  } else if (approval.status === 'expired') {
    steps.push(h('li', {}, `Expired ${time(approval.expiresAt)}`));
  }
  if (approval.attempts > 0) steps.push(h('li', {}, `Execution attempts: ${approval.attempts}`));
  if (approval.completedAt !== null) {
    steps.push(
      h('li', {}, `${approval.status === 'failed' ? 'Failed' : 'Completed'} ${time(approval.completedAt)}`),
    );
  }
  if (approval.executionRequestId !== null) {
    steps.push(
      h(
        'li',
        {},
        'Execution request id ',
        code(approval.executionRequestId),
        ', trace id ',
        code(approval.executionTraceId ?? ''),
      ),
    );
  }
  return h(
    'section',
    { 'aria-labelledby': 'history-title' },
    h('h2', { id: 'history-title' }, 'History'),
    h('ol', { class: 'timeline' }, ...steps),
  );
}

function outcome(approval: Approval): HTMLElement | undefined {
  if (approval.status === 'completed') {
    return h(
      'section',
      { 'aria-labelledby': 'outcome-title' },
      h('h2', { id: 'outcome-title' }, 'Outcome: completed'),
      h('p', {}, 'The upstream call ran once; its result:'),
      h('pre', { class: 'json', tabindex: 0 }, prettyJson(approval.responsePayload)),
    );
  }
  if (approval.status === 'failed') {
    return h(
      'section',
      { 'aria-labelledby': 'outcome-title' },
      h('h2', { id: 'outcome-title' }, 'Outcome: failed'),
      h('p', {}, 'Error code ', code(approval.errorCode ?? 'unknown')),
      h('pre', { class: 'json', tabindex: 0 }, prettyJson(approval.responsePayload)),
    );
  }
  return undefined;
}

function decision(view: View, approval: Approval, onDecided: (next: Approval) => void): HTMLElement {
  const note = h('textarea', { rows: 2, maxlength: 2000 });
  const panel = h('div', { class: 'confirm', 'aria-live': 'polite' });
  const form = h(
    'section',
    { class: 'card decision', 'aria-labelledby': 'decide-title' },
    h('h2', { id: 'decide-title' }, 'Decide'),
    field('Note (optional)', note, 'Kept with the decision; at most 2,000 characters.'),
  );
  const ask = (approve: boolean) => {
    const verb = approve ? 'approve' : 'deny';
    const yes = button(
      approve ? 'Yes, approve and run it' : 'Yes, deny it',
      () => {
        yes.disabled = true;
        const body =
          note.value.trim() === ''
            ? { approve: approve ? 'yes' : 'no' }
            : { approve: approve ? 'yes' : 'no', note: note.value.trim() };
        call<Record<string, unknown>>(
          'POST',
          `${approvalsBase(approval.workspace, approval.agent)}/${seg(approval.id)}/${verb}`,
          body,
        )
          .then((answer) => {
            const next = toApproval(answer);
            view.announce(`Request ${next.id} is now ${next.status}.`);
            onDecided(next);
          })
          .catch((error: unknown) => {
            replace(panel, h('p', { class: 'error', role: 'alert' }, describe(error)));
          });
      },
      approve ? 'primary' : 'danger',
    );
    const no = button('Cancel', () => {
      replace(panel);
      (approve ? approveButton : denyButton).focus();
    });
    replace(
      panel,
      h(
        'p',
        { id: 'confirm-text' },
        approve
          ? `Approve ${approval.tool}? The stored call runs once, now.`
          : `Deny ${approval.tool}? It will never run.`,
      ),
      h('div', { class: 'actions', role: 'group', 'aria-labelledby': 'confirm-text' }, yes, no),
    );
    yes.focus();
  };
  const approveButton = button('Approve…', () => ask(true), 'primary');
  const denyButton = button('Deny…', () => ask(false), 'danger');
  form.append(h('div', { class: 'actions' }, approveButton, denyButton), panel);
  return form;
}

export async function renderApproval(
  view: View,
  workspace: string,
  agent: string,
  id: string,
): Promise<void> {
  const content = view.page(`Approval request ${id}`);
  const approver = currentSession()?.role === 'approver';
  if (approver) {
    // The link named the request's agent: the approvals list shows the same agent next.
    setWorkspace(workspace);
    setAgent(agent);
  }
  const info = h('div', { 'aria-live': 'polite' });
  const actions = h('div');
  content.append(h('p', {}, h('a', { href: '#/approvals' }, '← All approval requests')), info, actions);
  let shown = '';
  let final = false;
  const draw = (approval: Approval) => {
    const fingerprint = JSON.stringify(approval);
    if (fingerprint === shown) return;
    shown = fingerprint;
    final = FINAL.has(approval.status);
    replace(
      info,
      details(approval),
      h(
        'section',
        { 'aria-labelledby': 'preview-title' },
        h('h2', { id: 'preview-title' }, 'Arguments (redacted preview)'),
        h('pre', { class: 'json', tabindex: 0 }, prettyJson(approval.payloadPreview)),
      ),
      outcome(approval),
      history(approval),
    );
    if (approval.status !== 'pending') replace(actions);
    else if (approver && actions.childElementCount === 0) actions.append(decision(view, approval, draw));
    else if (!approver && actions.childElementCount === 0)
      actions.append(
        h('p', { class: 'hint' }, 'Approvers decide with an approval key; an admin key only reads.'),
      );
  };
  poll(view, POLL_MS, async () => {
    if (final) return;
    try {
      const approval = await load(workspace, agent, id);
      if (view.live()) draw(approval);
    } catch (error) {
      if (view.live()) {
        shown = '';
        replace(info, view.failure(error));
      }
    }
  });
}
