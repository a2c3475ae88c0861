import { CATALOG_CHANGED_CHANNEL, catalogChangedPayload } from '../catalog/catalog-events.js';
import { loadPublishedCatalog, loadPublishedRevision } from '../catalog/published-catalog.js';
import { findWorkspace } from '../catalog/workspaces-table.js';
import { GatewayError } from '../errors/gateway-error.js';
import type { Database, Unlisten } from '../store/database.js';
import { AgentEndpoint, type EndpointServices } from './agent-endpoint.js';
import { type CatalogReport, catalogReport } from './catalog-report.js';

/** Options of {@link AgentDirectory}. */
export interface AgentDirectoryOptions {
  /** Age after which every cached catalog is re-read in the background (a lost notification heals). */
  refreshMs: number;
  /** A catalog revision started being served (the structured catalog report). */
  onCatalog?: ((report: CatalogReport) => void) | undefined;
  onBackgroundError?: ((error: unknown) => void) | undefined;
}

interface Entry {
  readonly endpoint: AgentEndpoint;
  /** Whether the agent has a published, unarchived version now. */
  published: boolean;
  /** The load in progress, when one is. */
  loading: Promise<void> | undefined;
}

/**
 * The agents this process serves: one {@link AgentEndpoint} per `{workspace}/{agent}`, kept at
 * the agent's current published catalog. A publish or archive anywhere reaches every process by
 * LISTEN/NOTIFY and the entry is re-read at once; every `refreshMs` all entries are re-read in
 * the background anyway. A request never waits for the database once its agent is loaded.
 */
export class AgentDirectory {
  readonly #db: Database;
  readonly #services: EndpointServices;
  readonly #options: AgentDirectoryOptions;
  readonly #entries = new Map<string, Entry>();
  #unlisten: Unlisten | undefined;
  #timer: NodeJS.Timeout | undefined;

  constructor(db: Database, services: EndpointServices, options: AgentDirectoryOptions) {
    this.#db = db;
    this.#services = services;
    this.#options = options;
  }

  /** Subscribes to catalog changes and starts the periodic refresh. */
  async start(): Promise<void> {
    this.#unlisten ??= await this.#db.listen(CATALOG_CHANGED_CHANNEL, (payload) => {
      const entry = this.#entries.get(payload);
      if (entry !== undefined) this.#loadInBackground(entry);
    });
    this.#timer ??= setInterval(() => {
      for (const entry of this.#entries.values()) this.#loadInBackground(entry);
    }, this.#options.refreshMs);
    this.#timer.unref();
  }

  /**
   * The endpoint of `{workspace}/{agent}` when it is published, else undefined. Synchronous
   * (no promise) once the agent is loaded.
   */
  get(workspace: string, agent: string): AgentEndpoint | undefined | Promise<AgentEndpoint | undefined> {
    const name = catalogChangedPayload(workspace, agent);
    let entry = this.#entries.get(name);
    if (entry === undefined) {
      entry = {
        endpoint: new AgentEndpoint(workspace, agent, this.#services),
        published: false,
        loading: undefined,
      };
      this.#entries.set(name, entry);
      const loaded = entry;
      return this.#load(entry).then(
        () => (loaded.published ? loaded.endpoint : undefined),
        (error: unknown) => {
          // Never loaded: forget it, so the next request tries again.
          this.#entries.delete(name);
          throw error;
        },
      );
    }
    if (entry.endpoint.revision === undefined && entry.loading !== undefined) {
      const loading = entry;
      return entry.loading.then(() => (loading.published ? loading.endpoint : undefined));
    }
    return entry.published ? entry.endpoint : undefined;
  }

  /** Re-reads `{workspace}/{agent}` now (the admin API calls it after a publish on this process). */
  async refresh(workspace: string, agent: string): Promise<void> {
    const entry = this.#entries.get(catalogChangedPayload(workspace, agent));
    if (entry !== undefined) await this.#load(entry);
  }

  async close(): Promise<void> {
    clearInterval(this.#timer);
    this.#timer = undefined;
    const unlisten = this.#unlisten;
    this.#unlisten = undefined;
    await unlisten?.();
  }

  #load(entry: Entry): Promise<void> {
    // A load started while one runs waits for it and runs again: a notification may have
    // arrived after the running one read the catalog.
    const previous = entry.loading ?? Promise.resolve();
    const loading = previous.catch(() => undefined).then(() => this.#read(entry));
    entry.loading = loading;
    loading
      .finally(() => {
        if (entry.loading === loading) entry.loading = undefined;
      })
      .catch(() => undefined);
    return loading;
  }

  #loadInBackground(entry: Entry): void {
    this.#load(entry).catch((error: unknown) => this.#options.onBackgroundError?.(error));
  }

  async #read(entry: Entry): Promise<void> {
    const { workspace, agent } = entry.endpoint;
    try {
      // Most refreshes find nothing new: compare the revision before reading a whole catalog.
      const served = entry.endpoint.revision;
      if (served !== undefined && (await loadPublishedRevision(this.#db, workspace, agent)) === served)
        return;
      const found = await findWorkspace(this.#db, workspace);
      const catalog =
        found === undefined ? undefined : await loadPublishedCatalog(this.#db, workspace, agent);
      if (found === undefined || catalog === undefined) {
        entry.published = false;
        entry.endpoint.withdraw();
        return;
      }
      const changed = entry.endpoint.revision !== catalog.revision;
      // Compiling a thousand tools' schemas and indexing them takes seconds: done in slices
      // while the previous revision goes on being served, so no request of any agent waits.
      const search = changed ? await entry.endpoint.prepare(catalog) : undefined;
      entry.endpoint.apply(catalog, found.id, search);
      entry.published = true;
      if (changed) this.#options.onCatalog?.(catalogReport(catalog));
    } catch (error) {
      if (error instanceof GatewayError && error.code === 'not_found') {
        entry.published = false;
        entry.endpoint.withdraw();
        return;
      }
      // Never loaded: the request waiting for it fails (500), it is not "not published".
      if (entry.endpoint.revision === undefined && !entry.published) throw error;
      // The database is unreachable: keep serving what was loaded.
      this.#options.onBackgroundError?.(error);
    }
  }
}
