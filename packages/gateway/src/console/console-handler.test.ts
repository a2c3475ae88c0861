import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../store/database.js';
import { migrate } from '../store/migrate.js';
import { type ListeningGateway, listenGateway } from '../test-support/gateway-fixture.js';
import { createTestPgliteDatabase } from '../test-support/pglite-template.js';
import { prefersHtml } from './approval-page.js';
import { ASSET_CACHE, CONSOLE_CSP } from './console-headers.js';

// The console's files as a real gateway serves them (from the built dist/, as `npm start` does),
// and the content negotiation of an approval_url. The browser itself is console.test.ts.

describe('prefersHtml', () => {
  it('is true for a browser navigation and false for API clients', () => {
    expect(prefersHtml('text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8')).toBe(true);
    expect(prefersHtml('application/json')).toBe(false);
    expect(prefersHtml('application/json, text/html')).toBe(false);
    expect(prefersHtml('application/json;q=0.5, text/html')).toBe(true);
    expect(prefersHtml('text/html;q=0')).toBe(false);
    expect(prefersHtml('*/*')).toBe(false);
    expect(prefersHtml(undefined)).toBe(false);
  });
});

describe('the console route of the gateway', () => {
  let db: Database;
  let gateway: ListeningGateway;

  beforeAll(async () => {
    db = await createTestPgliteDatabase();
    await migrate(db);
    gateway = await listenGateway(db);
  });
  afterAll(async () => {
    await gateway.close();
    await db.close();
  });

  it('serves the shell with a strict CSP, no referrer, no framing and no-cache', async () => {
    const response = await fetch(`${gateway.origin}/mcp/console/`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('content-security-policy')).toBe(CONSOLE_CSP);
    expect(CONSOLE_CSP).toContain("frame-ancestors 'none'");
    expect(CONSOLE_CSP).not.toContain('unsafe-inline');
    expect(response.headers.get('referrer-policy')).toBe('no-referrer');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('cache-control')).toBe('no-cache');
    const html = await response.text();
    // No inline script or style: the shell only points at hashed files.
    expect(html).not.toMatch(/<script(?![^>]*\ssrc=)/);
    expect(html).not.toMatch(/<style|\sstyle=/);
    expect(html).toMatch(/src="assets\/[0-9a-f]{16}\/main\.js"/);
  });

  it('serves hashed assets for a year, and nothing else under the console', async () => {
    const html = await (await fetch(`${gateway.origin}/mcp/console/`)).text();
    const script = /src="(assets\/[0-9a-f]{16}\/main\.js)"/.exec(html)?.[1];
    const style = /href="(assets\/[0-9a-f]{16}\/console\.css)"/.exec(html)?.[1];
    const js = await fetch(`${gateway.origin}/mcp/console/${script}`);
    expect(js.status).toBe(200);
    expect(js.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(js.headers.get('cache-control')).toBe(ASSET_CACHE);
    expect(await js.text()).toContain('import');
    // fetch asks for gzip and inflates it: the bytes on the wire are the compressed ones.
    expect(js.headers.get('content-encoding')).toBe('gzip');
    const plain = await fetch(`${gateway.origin}/mcp/console/${script}`, {
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(Number(plain.headers.get('content-length'))).toBeGreaterThan(
      Number(js.headers.get('content-length')),
    );
    const css = await fetch(`${gateway.origin}/mcp/console/${style}`);
    expect(css.headers.get('content-type')).toBe('text/css; charset=utf-8');
    // Modules import each other relatively, inside the same hashed directory.
    const page = await fetch(`${gateway.origin}/mcp/console/${script!.replace('main.js', 'pages/keys.js')}`);
    expect(page.status).toBe(200);
    for (const path of [
      'assets/0000000000000000/main.js',
      `${script}.map`,
      'index.html',
      '../admin/v1/keys',
    ]) {
      expect((await fetch(`${gateway.origin}/mcp/console/${path}`)).status, path).not.toBe(200);
    }
    const post = await fetch(`${gateway.origin}/mcp/console/`, { method: 'POST' });
    expect(post.status).toBe(405);
    const bare = await fetch(`${gateway.origin}/mcp/console`, { redirect: 'manual' });
    expect(bare.status).toBe(308);
    expect(bare.headers.get('location')).toBe('/mcp/console/');
  });

  it('sends a browser that opens an approval_url to its console page, and API clients get JSON as before', async () => {
    const url = `${gateway.origin}/mcp/v1/shop/sales/approvals/approval_0123456789ABCDEFGHJKMNPQRS`;
    const browser = await fetch(url, {
      redirect: 'manual',
      headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' },
    });
    expect(browser.status).toBe(303);
    expect(browser.headers.get('location')).toBe(
      '/mcp/console/#/approval/shop/sales/approval_0123456789ABCDEFGHJKMNPQRS',
    );
    const api = await fetch(url, { redirect: 'manual', headers: { accept: 'application/json' } });
    expect(api.status).toBe(401);
    expect(api.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    // Decisions are never redirected, whatever the Accept header says.
    const decide = await fetch(`${url}/approve`, {
      method: 'POST',
      redirect: 'manual',
      headers: { accept: 'text/html' },
    });
    expect(decide.status).toBe(401);
  });
});
