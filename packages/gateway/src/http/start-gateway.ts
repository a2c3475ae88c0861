import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { limitConnections } from '@mcpforge/server/http';
import type { Database } from '../store/database.js';
import type { MigrationProgress } from '../store/migrate.js';
import { type OpenDatabaseOptions, openDatabase } from '../store/open-database.js';
import { createGateway, type Gateway } from './gateway.js';
import {
  type ListenerLimitOptions,
  listenerServerOptions,
  resolveListenerLimits,
} from './listener-limits.js';
import { type GatewayOptions, resolveGatewayOptions } from './options.js';

/** Where the gateway listens when nothing is given: loopback only, as a safe default. */
export const DEFAULT_LISTEN = { host: '127.0.0.1', port: 8080 } as const;

/** Options of {@link startGateway}. */
export interface StartGatewayOptions extends GatewayOptions {
  /**
   * `{ host, port }`; port 0 picks a free one. @default DEFAULT_LISTEN (127.0.0.1:8080). With
   * the listener's limits: `maxConnections` (512), `headersTimeoutMs` (10 s), `requestTimeoutMs`
   * (30 s) (see listener-limits.ts).
   */
  listen?: ({ host?: string | undefined; port?: number | undefined } & ListenerLimitOptions) | undefined;
  /** PostgreSQL URL; without it the embedded PGlite is used (in `dataDir`, else in memory). */
  databaseUrl?: string | undefined;
  dataDir?: string | undefined;
  /** Where PGlite runs (see `openDatabase`). @default 'worker' */
  pgliteThread?: OpenDatabaseOptions['pgliteThread'];
  /** A line per migration applied at start. */
  onMigration?: ((event: MigrationProgress) => void) | undefined;
}

/** A gateway listening on a port, with its database. */
export interface RunningGateway {
  readonly gateway: Gateway;
  /** The database it opened (closed by `close()`). */
  readonly db: Database;
  readonly server: Server;
  /** `http://host:port`. */
  readonly url: string;
  /** Stops accepting, ends sessions, writes pending history, closes the database. */
  close(): Promise<void>;
}

/**
 * Opens the database (migrating it), creates the gateway and listens: what `mcpforge gateway
 * serve` runs.
 */
export async function startGateway(options: StartGatewayOptions = {}): Promise<RunningGateway> {
  const { listen, databaseUrl, dataDir, pgliteThread, onMigration, ...gatewayOptions } = options;
  const host = listen?.host ?? DEFAULT_LISTEN.host;
  const port = listen?.port ?? DEFAULT_LISTEN.port;
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new RangeError(`listen.port: must be an integer in 0..65535 (got ${String(port)})`);
  }
  // Checked before anything is opened, so a typo costs no database start.
  resolveGatewayOptions(gatewayOptions);
  const limits = resolveListenerLimits(listen);
  const db = await openDatabase({ databaseUrl, dataDir, pgliteThread, onMigration });
  let gateway: Gateway;
  try {
    gateway = await createGateway({ ...gatewayOptions, db });
  } catch (error) {
    await db.close();
    throw error;
  }
  const server = createServer(listenerServerOptions(limits));
  const busy = limitConnections(server, limits.maxConnections);
  const serveOne = gateway.node;
  server.on('request', (req, res) => {
    if (busy(req, res)) req.resume();
    else serveOne(req, res);
  });
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => {
        server.off('error', reject);
        resolve();
      });
    });
  } catch (error) {
    await gateway.close();
    await db.close();
    throw error;
  }
  const address = server.address() as AddressInfo;
  const shown = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  let closing: Promise<void> | undefined;
  return {
    gateway,
    db,
    server,
    url: `http://${shown}:${address.port}`,
    close() {
      closing ??= (async () => {
        const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
        await gateway.close();
        server.closeAllConnections();
        await stopped;
        await db.close();
      })();
      return closing;
    },
  };
}
