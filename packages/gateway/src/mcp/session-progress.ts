import type { Session } from '@mcpforge/server';

/**
 * How far a legacy session has gone through the public sequence that first-call evidence
 * asks for: `initialize` → `notifications/initialized` → `tools/list`. Kept beside the
 * session, forgotten with it.
 * @module
 */

/** Steps, in order; a step counts only right after the one before it. */
const STEP = { none: 0, initialized: 1, ready: 2, listed: 3 } as const;
type Step = (typeof STEP)[keyof typeof STEP];

const progress = new WeakMap<Session, Step>();

function advance(session: Session, from: Step, to: Step): void {
  if ((progress.get(session) ?? STEP.none) === from) progress.set(session, to);
}

/** `initialize` succeeded on `session`. */
export function initialized(session: Session): void {
  progress.set(session, STEP.initialized);
}

/** The client sent `notifications/initialized`. */
export function ready(session: Session): void {
  advance(session, STEP.initialized, STEP.ready);
}

/** `tools/list` succeeded. */
export function listed(session: Session): void {
  const step = progress.get(session) ?? STEP.none;
  if (step >= STEP.ready) progress.set(session, STEP.listed);
}

/** Whether the session went through the whole handshake and listed the tools. */
export function handshakeComplete(session: Session): boolean {
  return progress.get(session) === STEP.listed;
}
