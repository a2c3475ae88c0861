import {
  DEFAULT_LISTEN,
  type GatewayLogger,
  type MigrationProgress,
  type RunningGateway,
  resolveGatewayOptions,
  startGateway,
} from '@mcpforge/gateway';
import { CliError } from '../cli/cli-error.js';
import type { ListenAddress } from '../cli/listen.js';
import { allowedHostsFor, hostValidationFor } from './host-validation.js';
import type { OperatorOptions } from './operator-options.js';

/** What `serve` and `demo` start. */
export interface StartOptions {
  databaseUrl?: string | undefined;
  dataDir?: string | undefined;
  listen?: ListenAddress | undefined;
  prefix?: string | undefined;
  /** `Host` names to accept besides localhost and the bind address (`--allowed-hosts`); `'*'`: any. */
  allowedHosts?: readonly string[] | '*' | undefined;
  /** The rate limit, approval durations and public origin (`serve`'s operator flags). */
  gateway?: OperatorOptions | undefined;
  logger: GatewayLogger;
  onMigration?: ((event: MigrationProgress) => void) | undefined;
}

/** `--prefix` checked as the gateway checks it, so a typo is a usage error before anything opens. */
export function checkPrefix(prefix: string | undefined): void {
  try {
    resolveGatewayOptions({ prefix });
  } catch (error) {
    throw new CliError('invalid_value', `--prefix ${(error as Error).message.replace(/^prefix: /, '')}`);
  }
}

/** A listening gateway, with the `Host` names its MCP endpoints accept. */
export type Listening = RunningGateway & { readonly allowedHosts: readonly string[] | '*' };

/**
 * The gateway's `startGateway`, with its failures said as a person can act on them.
 * @throws CliError `start_failed`.
 */
export async function startListening(options: StartOptions): Promise<Listening> {
  const listen = options.listen ?? DEFAULT_LISTEN;
  const allowedHosts = allowedHostsFor(listen.host, options.allowedHosts);
  try {
    const running = await startGateway({
      ...options.gateway,
      databaseUrl: options.databaseUrl,
      dataDir: options.dataDir,
      listen: { host: listen.host, port: listen.port },
      prefix: options.prefix,
      logger: options.logger,
      onMigration: options.onMigration,
      hostValidation: hostValidationFor(allowedHosts, options.logger),
    });
    return { ...running, allowedHosts };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const where = `${listen.host}:${listen.port}`;
    if (code === 'EADDRINUSE') {
      throw new CliError(
        'start_failed',
        `${where} is in use: pick another with --listen HOST:PORT (port 0 picks a free one)`,
        { cause: error },
      );
    }
    if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND') {
      throw new CliError(
        'start_failed',
        `cannot listen on ${where}: no such local address (try --listen 127.0.0.1:8080)`,
        {
          cause: error,
        },
      );
    }
    if (code === 'EACCES') {
      throw new CliError('start_failed', `not allowed to listen on ${where}: use a port above 1023`, {
        cause: error,
      });
    }
    const message = error instanceof Error ? error.message : String(error);
    throw new CliError('start_failed', `the gateway could not start: ${message}`, { cause: error });
  }
}

/** `http://host:port{prefix}`: where the gateway's paths start. */
export function baseUrl(running: RunningGateway, prefix: string | undefined): string {
  return `${running.url}${prefix ?? running.gateway.options.prefix}`;
}
