import { McplError } from '../errors/mcpl-error.js';
import { CHANGE_DOMAINS, type ChangeDomain, type ManifestChangedParams } from '../protocol/manifest.js';
import { method } from '../protocol/methods.js';
import { isPlainObject } from './canonical-json.js';
import { type ManifestRevision, manifestDigest } from './digest.js';
import { changedDomains } from './domains.js';

/**
 * Anything that can send a notification: a `@mcpforge/wire` Connection (`notify`), an
 * McplConnection (`sendNotification`).
 */
export type ManifestNotifier =
  | { notify(method: string, params?: unknown): void }
  | { sendNotification(method: string, params?: unknown): void };

export interface AttachOptions {
  /**
   * The revision this connection already holds (the one its `initialize` answer carried): no
   * announcement while it stays current. Without it the connection is assumed to know nothing
   * and the next announcement names all three domains; with an older one, it is told now.
   */
  announcedRevision?: string | undefined;
}

export interface ManifestTrackerOptions {
  /** A notifier that threw while being told; the others are still told. Default: ignore. */
  onAnnounceError?: ((error: unknown, notifier: ManifestNotifier) => void) | undefined;
}

/** What `setManifest` did. */
export interface ManifestChange {
  /** Whether the revision changed (inside a transaction: whether the draft did). */
  changed: boolean;
  revision: ManifestRevision;
  previousRevision: ManifestRevision;
  /** The domains that differ from the previous manifest (empty for a version-only change). */
  domains: ChangeDomain[];
  /** How many connections were sent `mcpl/manifestChanged`. */
  announcedTo: number;
  /** True inside a transaction: nothing is installed or announced until it ends. */
  pending: boolean;
}

/** A manifest as installed: the server's own object (revision stripped), its digest. */
interface Installed {
  readonly revision: ManifestRevision;
  readonly manifest: Readonly<Record<string, unknown>>;
}

/** What a connection was last told. `known` undefined: nothing (all domains on the next change). */
interface ConnectionState {
  told: ManifestRevision | undefined;
  known: Installed | undefined;
}

/** Revisions remembered for seeding `attach`: enough for the few changes around a handshake. */
const HISTORY_SIZE = 8;

/**
 * A server's manifest (`experimental.mcpl`) and its change announcements (§17, RFC-003).
 * `setManifest(next)` digests, diffs and installs `next` atomically, then tells each attached
 * connection `mcpl/manifestChanged {revision, domains}`, the domains diffed against what *that*
 * connection was last told; a change of `version` alone is installed but announced to nobody.
 * `snapshot()` / `handleManifestRequest()` answer `mcpl/manifest`. The server never writes
 * announcements or revisions by hand.
 */
export class ManifestTracker {
  #current: Installed;
  #draft: Installed | undefined;
  #depth = 0;
  readonly #connections = new Map<ManifestNotifier, ConnectionState>();
  readonly #history: Installed[] = [];
  readonly #onAnnounceError: ((error: unknown, notifier: ManifestNotifier) => void) | undefined;

  /** @throws ManifestDigestError when `initial` has no revision (not an object, a bad identifier) */
  constructor(initial: Record<string, unknown>, options: ManifestTrackerOptions = {}) {
    this.#current = install(initial);
    this.#remember(this.#current);
    this.#onAnnounceError = options.onAnnounceError;
  }

  /** The installed manifest's revision (not a pending draft's). */
  get revision(): ManifestRevision {
    return this.#current.revision;
  }

  get connectionCount(): number {
    return this.#connections.size;
  }

  /** A fresh copy of the installed manifest, `revision` included: the `mcpl/manifest` result. */
  snapshot(): Record<string, unknown> {
    return { ...copy(this.#current.manifest), revision: this.#current.revision };
  }

  /** The answer to `mcpl/manifest` (H→S, never gated): the whole manifest, no wrapper. */
  handleManifestRequest(): Record<string, unknown> {
    return this.snapshot();
  }

  /**
   * Installs `next` (its `revision` member, if any, is ignored and recomputed) and announces it.
   * Inside {@link transaction} it only replaces the draft (`pending: true`).
   * @throws ManifestDigestError when `next` has no revision; nothing changes then
   */
  setManifest(next: Record<string, unknown>): ManifestChange {
    const installed = install(next);
    if (this.#depth > 0) {
      const before = this.#draft ?? this.#current;
      this.#draft = installed;
      return {
        changed: installed.revision !== before.revision,
        revision: installed.revision,
        previousRevision: before.revision,
        domains: changedDomains(before.manifest, installed.manifest),
        announcedTo: 0,
        pending: true,
      };
    }
    return this.#commit(installed);
  }

  /**
   * Runs `edit` with announcements held: every `setManifest` inside replaces a draft, and the
   * last draft is installed and announced once when `edit` returns. Nested calls join the outer
   * one. If `edit` throws, the draft is dropped (back to what it was when this call began) and
   * the error propagates. `edit` must be synchronous.
   * @returns what installing the draft did (unchanged when nothing was set); inside an outer
   *   transaction, the pending draft
   */
  transaction(edit: (tracker: this) => void): ManifestChange {
    const draftBefore = this.#draft;
    this.#depth++;
    try {
      const returned: unknown = edit(this);
      if (typeof (returned as { then?: unknown } | undefined)?.then === 'function') {
        throw new McplError(
          'ERR_MANIFEST_TRANSACTION',
          'ManifestTracker.transaction takes a synchronous edit; await first, then call setManifest inside',
        );
      }
    } catch (error) {
      this.#draft = draftBefore;
      this.#depth--;
      throw error;
    }
    this.#depth--;
    const draft = this.#draft;
    if (this.#depth > 0) {
      const base = draftBefore ?? this.#current;
      const now = draft ?? base;
      return {
        changed: now.revision !== base.revision,
        revision: now.revision,
        previousRevision: base.revision,
        domains: changedDomains(base.manifest, now.manifest),
        announcedTo: 0,
        pending: true,
      };
    }
    this.#draft = undefined;
    return this.#commit(draft ?? this.#current);
  }

  /**
   * Starts announcing to `notifier` (a connection whose host negotiated MCPL). An
   * `announcedRevision` other than the current one is announced at once.
   * @returns a function that detaches it
   */
  attach(notifier: ManifestNotifier, options: AttachOptions = {}): () => void {
    const seed = options.announcedRevision;
    const known = seed === undefined ? undefined : this.#history.find((entry) => entry.revision === seed);
    const state: ConnectionState = { told: known?.revision, known };
    this.#connections.set(notifier, state);
    if (seed !== undefined && seed !== this.#current.revision) this.#announce(notifier, state, this.#current);
    return () => {
      this.detach(notifier);
    };
  }

  /** Stops announcing to `notifier`; false when it was not attached. */
  detach(notifier: ManifestNotifier): boolean {
    return this.#connections.delete(notifier);
  }

  #commit(next: Installed): ManifestChange {
    const previous = this.#current;
    const change: ManifestChange = {
      changed: next.revision !== previous.revision,
      revision: next.revision,
      previousRevision: previous.revision,
      domains: changedDomains(previous.manifest, next.manifest),
      announcedTo: 0,
      pending: false,
    };
    if (!change.changed) return change;
    this.#current = next;
    this.#remember(next);
    for (const [notifier, state] of [...this.#connections]) {
      if (this.#announce(notifier, state, next)) change.announcedTo++;
    }
    return change;
  }

  /** Tells one connection about `next` when it differs in a domain from what it was told. */
  #announce(notifier: ManifestNotifier, state: ConnectionState, next: Installed): boolean {
    if (state.told === next.revision) return false;
    const domains =
      state.known === undefined ? [...CHANGE_DOMAINS] : changedDomains(state.known.manifest, next.manifest);
    // A version-only change: recorded (the revision moved) but nothing to announce.
    if (domains.length === 0) return false;
    state.told = next.revision;
    state.known = next;
    const params: ManifestChangedParams = { revision: next.revision, domains };
    try {
      if ('sendNotification' in notifier) notifier.sendNotification(method.MANIFEST_CHANGED, params);
      else notifier.notify(method.MANIFEST_CHANGED, params);
      return true;
    } catch (error) {
      this.#onAnnounceError?.(error, notifier);
      return false;
    }
  }

  #remember(installed: Installed): void {
    this.#history.push(installed);
    if (this.#history.length > HISTORY_SIZE) this.#history.shift();
  }
}

function install(manifest: Record<string, unknown>): Installed {
  const revision = manifestDigest(manifest);
  const stored = copy(manifest as Record<string, unknown>);
  delete stored['revision'];
  return { revision, manifest: Object.freeze(stored) };
}

/** A deep copy of JSON data (the manifest already went through the digest, so it is JSON). */
function copy(manifest: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const copied = structuredClone(manifest) as unknown;
  return isPlainObject(copied) ? copied : {};
}
