import { type Connection, fromStreams } from '@mcpforge/wire';
import { buildManifest, toolsFeatureSet } from '../server/manifest.js';
import { ToolsetCore } from './core.js';
import { ToolsetConnection } from './toolset-connection.js';
import type { ToolsetServerOptions } from './types.js';

/**
 * The server side of the RFC-014 draft (toolsets) and RFC-015 (delegated access): it keeps
 * the full tool list and tells, per tool, whether it is static or dynamic, visible now and
 * which toolset (instance) it belongs to. Instances belong to a principal, not to a
 * connection: a reconnecting principal finds them; they close `idleCloseMs` after its last
 * connection ended.
 */
export class ToolsetServer {
  readonly #core: ToolsetCore;
  readonly #manifest: Record<string, unknown>;
  readonly #sets: { tools: string; events: string };

  constructor(options: ToolsetServerOptions) {
    this.#core = new ToolsetCore(options);
    const name = options.featureSetName ?? options.name;
    this.#sets = { tools: toolsFeatureSet(name), events: `${name}.events` };
    this.#manifest = buildManifest(
      {
        version: '0.5',
        pushEvents: true,
        featureSets: {
          [this.#sets.tools]: { description: `The tools and toolsets of ${name}`, uses: ['tools'] },
          [this.#sets.events]: { description: `Events of ${name}'s open toolsets`, uses: ['pushEvents'] },
        },
      },
      name,
      true,
    );
  }

  /** Principals with state here (instances or a pending idle close). */
  get principals(): string[] {
    return this.#core.principals;
  }

  /** Open instances of `principal` (toolset and id), for inspection. */
  instances(principal: string): Array<{ toolset: string; instance: string | undefined }> {
    const state = this.#core.principal(principal);
    return [...(state?.instances.values() ?? [])].map((entry) => ({
      toolset: entry.toolset,
      instance: entry.id,
    }));
  }

  /**
   * Serves one connection for `principal` (who the host authenticated as; `'local'` for a
   * stdio server). Build the connection with `{ queueIncoming: false }`.
   */
  serve(connection: Connection, principal: string): ToolsetConnection {
    if (typeof principal !== 'string' || principal === '') {
      throw new TypeError('serve(connection, principal) needs a non-empty principal');
    }
    return new ToolsetConnection(this.#core, connection, principal, this.#manifest, this.#sets);
  }

  /** {@link serve} on this process's stdin/stdout, for principal `'local'`. */
  serveStdio(principal = 'local'): ToolsetConnection {
    const input = process.stdin as unknown as Parameters<typeof fromStreams>[0];
    const output = process.stdout as unknown as Parameters<typeof fromStreams>[1];
    return this.serve(fromStreams(input, output, { queueIncoming: false }), principal);
  }
}
