import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type AdminHandler, createAdminHandler } from '../admin/admin-handler.js';
import type { AdminHandlerOptions } from '../admin/admin-options.js';
import { createKey } from '../keys/api-keys-table.js';
import type { Database } from '../store/database.js';

/** An answer of the admin test server, its body parsed when it is JSON. */
export interface AdminAnswer {
  status: number;
  headers: Headers;
  // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary JSON answers
  body: any;
}

/** Options of one {@link AdminServer.call}. */
export interface AdminCallOptions {
  /** The bearer key; default the server's admin key; null sends no Authorization. */
  key?: string | null | undefined;
  /** A JSON body (sent as application/json). */
  body?: unknown;
  /** A body sent as is (with `headers` to set its type). */
  rawBody?: string | Uint8Array<ArrayBuffer> | undefined;
  headers?: Record<string, string> | undefined;
}

/** A real `node:http` server with the admin handler mounted, and an admin key to call it with. */
export interface AdminServer {
  url: string;
  adminKey: string;
  handler: AdminHandler;
  call(method: string, path: string, options?: AdminCallOptions): Promise<AdminAnswer>;
  close(): Promise<void>;
}

/** Starts the admin API on 127.0.0.1 over `db`; paths are given below `/mcp/admin/v1`. */
export async function startAdminServer(
  db: Database,
  options: Omit<AdminHandlerOptions, 'db'> = {},
): Promise<AdminServer> {
  const handler = createAdminHandler({ db, ...options });
  const server: Server = createServer((req, res) => {
    handler(req, res).then(
      (handled) => {
        if (!handled) res.writeHead(418).end('not the admin API');
      },
      () => res.writeHead(500).end(),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const { value: adminKey } = await createKey(db, { type: 'admin', name: 'test admin' });
  const base = `${options.prefix ?? '/mcp'}/admin/v1`;
  return {
    url,
    adminKey,
    handler,
    async call(method, path, call = {}) {
      const headers: Record<string, string> = { ...call.headers };
      const key = call.key === undefined ? adminKey : call.key;
      if (key !== null) headers['authorization'] = `Bearer ${key}`;
      let body: string | Uint8Array<ArrayBuffer> | undefined = call.rawBody;
      if (call.body !== undefined) {
        body = JSON.stringify(call.body);
        headers['content-type'] ??= 'application/json';
      }
      const response = await fetch(`${url}${base}${path}`, { method, headers, body: body ?? null });
      const text = await response.text();
      const type = response.headers.get('content-type') ?? '';
      return {
        status: response.status,
        headers: response.headers,
        body: type.includes('json') && text !== '' ? JSON.parse(text) : text,
      };
    },
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await handler.close();
    },
  };
}
