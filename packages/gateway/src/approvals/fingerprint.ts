import { createHash } from 'node:crypto';
import { canonicalJson } from '@mcpforge/server';
import { setOwnMember } from './own-member.js';

/**
 * The identity of an approval request: which workspace, agent and immutable operation version it
 * runs, with which arguments. Two calls with the same identity while a request is active get that
 * request again. The agent's version is left out on purpose: re-publishing an agent must not turn
 * a waiting request into a second one.
 * @module
 */

/** Top-level argument names the gateway reads itself (a confirmation token, ...): never stored, never part of the identity. */
export const CONTROL_FIELD_PREFIX = '_mcpforge_';

/** Whether `name` is a control field of the gateway rather than an argument of the tool. */
export function isControlField(name: string): boolean {
  return name.startsWith(CONTROL_FIELD_PREFIX);
}

/**
 * The arguments without control fields: what is stored, executed and fingerprinted. Every other
 * member is kept as an own member, `__proto__` included.
 */
export function withoutControlFields(args: Record<string, unknown>): Record<string, unknown> {
  const kept: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(args)) {
    if (!isControlField(name)) setOwnMember(kept, name, value);
  }
  return kept;
}

/** What the identity is made of. */
export interface ApprovalIdentity {
  workspaceId: string;
  agentId: string;
  operationVersionId: string;
  arguments: Record<string, unknown>;
}

/**
 * sha256 (hex) of the canonical JSON (keys sorted at every level, no whitespace, numbers as
 * `JSON.stringify` writes them) of `[workspaceId, agentId, operationVersionId, arguments]`,
 * control fields left out.
 */
export function approvalFingerprint(identity: ApprovalIdentity): string {
  const text = canonicalJson([
    identity.workspaceId,
    identity.agentId,
    identity.operationVersionId,
    withoutControlFields(identity.arguments),
  ]);
  return createHash('sha256').update(text, 'utf8').digest('hex');
}
