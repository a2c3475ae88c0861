import { PassThrough } from 'node:stream';
import { type Connection, fromStreams } from '@mcpforge/wire';
import { McplHost, type McplHostOptions } from '../../host/index.js';
import type { ToolsetConnection } from '../toolset-connection.js';
import type { ToolsetServer } from '../toolset-server.js';

const open: Connection[] = [];

/** A real wire connection pair: `server` serves one end for `principal`, an McplHost holds the other. */
export function connect(
  server: ToolsetServer,
  principal: string,
  options: Partial<McplHostOptions> = {},
): { host: McplHost; served: ToolsetConnection } {
  const toServer = new PassThrough();
  const toHost = new PassThrough();
  const served = server.serve(fromStreams(toServer, toHost, { queueIncoming: false }), principal);
  const host = new McplHost(fromStreams(toHost, toServer, { queueIncoming: false }), {
    clientInfo: { name: 'test-host', version: '0' },
    ...options,
  });
  open.push(served.connection, host.connection);
  return { host, served };
}

/** A raw host end (no McplHost), for answering server→host requests by hand. */
export function connectRaw(
  server: ToolsetServer,
  principal: string,
): { raw: Connection; served: ToolsetConnection } {
  const toServer = new PassThrough();
  const toHost = new PassThrough();
  const served = server.serve(fromStreams(toServer, toHost, { queueIncoming: false }), principal);
  const raw = fromStreams(toHost, toServer, { queueIncoming: false });
  open.push(served.connection, raw);
  return { raw, served };
}

export function closeAll(): void {
  for (const connection of open.splice(0)) connection.close();
}
