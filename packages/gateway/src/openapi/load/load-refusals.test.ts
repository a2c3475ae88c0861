import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startUpstream, type TestUpstream } from '../../test-support/upstream-server.js';
import { loadOpenApiDocument } from './load-document.js';
import { resolveLoadOptions } from './load-options.js';

const folder = mkdtempSync(join(tmpdir(), 'mcpforge-openapi-load-'));

function write(name: string, content: unknown): string {
  const path = join(folder, name);
  writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content));
  return path;
}

function api(paths: Record<string, unknown>, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { openapi: '3.0.3', info: { title: 'T', version: '1' }, paths, ...extra };
}

const PET = { type: 'object', properties: { name: { type: 'string' } } };

function withSchemaRef(ref: string): Record<string, unknown> {
  return api({
    '/pets': {
      get: {
        operationId: 'listPets',
        responses: {
          '200': { description: 'ok', content: { 'application/json': { schema: { $ref: ref } } } },
        },
      },
    },
  });
}

async function failure(promise: Promise<unknown>): Promise<{ code?: string | undefined; message: string }> {
  return promise.then(
    () => ({ message: 'loaded' }),
    (error: { code?: string; message: string }) => ({ code: error.code, message: error.message }),
  );
}

let upstream: TestUpstream;
beforeAll(async () => {
  upstream = await startUpstream((request, response) => {
    if (request.url === '/pet.json')
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(PET));
    else if (request.url === '/api.json')
      response
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify(withSchemaRef('pet.json')));
    else if (request.url === '/hang')
      response.writeHead(200); // headers sent, the body never ends
    else if (request.url === '/huge') {
      response.writeHead(200, { 'content-type': 'application/json' });
      const chunk = 'x'.repeat(64 * 1024);
      const push = () => {
        while (response.write(chunk)) if (response.writableLength > 4 * 1024 * 1024) break;
        if (!response.destroyed) response.once('drain', push);
      };
      push();
    } else if (request.url === '/moved') response.writeHead(302, { location: '/pet.json' }).end();
    else if (request.url === '/local-ref.json')
      response.writeHead(200).end(JSON.stringify(withSchemaRef(`file://${join(folder, 'pet.json')}`)));
    else response.writeHead(404).end();
  });
});
afterAll(async () => {
  await upstream.close();
  rmSync(folder, { recursive: true, force: true });
});

const LOOPBACK_ALLOWED = { allowLoopback: true, allowPrivate: false, allowLinkLocal: false };

describe('loadOpenApiDocument: local documents', () => {
  it('reads YAML and resolves a $ref into a sibling file', async () => {
    write('pet.json', PET);
    const path = write(
      'api.yaml',
      `openapi: 3.1.0\ninfo: {title: Pets, version: '2'}\npaths:\n  /pets:\n    get:\n      responses:\n        '200':\n          description: ok\n          content:\n            application/json:\n              schema: {$ref: './pet.json'}\n`,
    );
    const loaded = await loadOpenApiDocument(path);
    expect(loaded).toMatchObject({ specification: 'openapi-3.1', title: 'Pets', version: '2', documents: 2 });
    expect(loaded.document).toMatchObject({
      paths: {
        '/pets': { get: { responses: { '200': { content: { 'application/json': { schema: PET } } } } } },
      },
    });
  });

  it('reads a YAML document written as one flow mapping (it starts like JSON)', async () => {
    const path = write('flow.yaml', "{openapi: 3.0.3, info: {title: Flow, version: '1'}, paths: {}}\n");
    expect(await loadOpenApiDocument(path)).toMatchObject({ specification: 'openapi-3.0', title: 'Flow' });
  });

  it('loads a circular document: the recursive schema becomes an object cycle', async () => {
    const node = { type: 'object', properties: { child: { $ref: '#/components/schemas/Node' } } };
    const path = write('circular.json', {
      ...withSchemaRef('#/components/schemas/Node'),
      components: { schemas: { Node: node } },
    });
    const loaded = await loadOpenApiDocument(path);
    const schemas = (loaded.document['components'] as { schemas: Record<string, typeof node> }).schemas;
    expect(schemas['Node']?.properties.child).toBe(schemas['Node']);
  });

  it('refuses a document over the size cap while reading it', async () => {
    const path = write('big.json', api({}, { 'x-padding': 'x'.repeat(200_000) }));
    expect(await failure(loadOpenApiDocument(path, { maxBytes: 100_000 }))).toMatchObject({
      code: 'spec_too_large',
      message: expect.stringMatching(/100000-byte cap.*--max-size/),
    });
  });

  it('counts referenced documents against the same cap', async () => {
    write('padded.json', { ...PET, description: 'y'.repeat(60_000) });
    const path = write('refs-padded.json', {
      ...withSchemaRef('./padded.json'),
      'x-padding': 'x'.repeat(50_000),
    });
    expect(await loadOpenApiDocument(path, { maxBytes: 200_000 })).toMatchObject({ documents: 2 });
    expect(await failure(loadOpenApiDocument(path, { maxBytes: 100_000 }))).toMatchObject({
      code: 'spec_too_large',
    });
  });

  it('refuses a YAML alias bomb instead of expanding it', async () => {
    const lines = [
      'openapi: 3.0.3',
      "info: {title: T, version: '1'}",
      'paths: {}',
      'x-a0: &a0 [x, x, x, x, x, x, x, x, x, x]',
    ];
    for (let i = 1; i < 12; i++) {
      const previous = `*a${i - 1}`;
      lines.push(`x-a${i}: &a${i} [${Array(10).fill(previous).join(', ')}]`);
    }
    const path = write('bomb.yaml', `${lines.join('\n')}\n`);
    expect(await failure(loadOpenApiDocument(path))).toMatchObject({
      code: 'spec_invalid',
      message: expect.stringMatching(/alias/i),
    });
  });

  it('names a syntax error, a missing file and an invalid document', async () => {
    expect(await failure(loadOpenApiDocument(write('broken.json', '{"openapi": ')))).toMatchObject({
      code: 'spec_invalid',
      message: expect.stringContaining('not valid JSON or YAML'),
    });
    expect(await failure(loadOpenApiDocument(join(folder, 'missing.json')))).toMatchObject({
      code: 'spec_unreadable',
    });
    const invalid = write('invalid.json', { openapi: '3.0.3', info: { title: 'T' }, paths: {} });
    expect(await failure(loadOpenApiDocument(invalid))).toMatchObject({
      code: 'spec_invalid',
      message: expect.stringContaining('version'),
    });
  });

  it('refuses options that would turn the cap or the timeout off', () => {
    expect(() => resolveLoadOptions({ maxBytes: Number.NaN })).toThrow(RangeError);
    expect(() => resolveLoadOptions({ remoteTimeoutMs: 0 })).toThrow(RangeError);
  });
});

describe('loadOpenApiDocument: remote documents and references', () => {
  afterEach(() => {
    upstream.requests.length = 0;
  });

  it('refuses a remote $ref by default, without fetching it', async () => {
    const path = write('remote-ref.json', withSchemaRef(`${upstream.origin}/pet.json`));
    expect(await failure(loadOpenApiDocument(path))).toMatchObject({
      code: 'remote_ref_refused',
      message: expect.stringContaining('--allow-remote'),
    });
    expect(upstream.requests).toEqual([]);
  });

  it('refuses a URL document by default', async () => {
    expect(await failure(loadOpenApiDocument(`${upstream.origin}/api.json`))).toMatchObject({
      code: 'remote_ref_refused',
    });
    expect(upstream.requests).toEqual([]);
  });

  it('with allowRemote, a $ref to a loopback address is refused by the address guard', async () => {
    const path = write('private-ref.json', withSchemaRef(`${upstream.origin}/pet.json`));
    expect(await failure(loadOpenApiDocument(path, { allowRemote: true }))).toMatchObject({
      code: 'remote_fetch_failed',
      message: expect.stringMatching(/127\.0\.0\.1 is a loopback address/),
    });
    expect(upstream.requests).toEqual([]);
  });

  it('with allowRemote, a name resolving to a private address is refused too', async () => {
    const path = write('named-ref.json', withSchemaRef(`http://specs.example:${upstream.port}/pet.json`));
    const lookup = ((_host: string, _options: unknown, callback: (...args: unknown[]) => void) =>
      callback(null, [{ address: '10.1.2.3', family: 4 }])) as never;
    expect(await failure(loadOpenApiDocument(path, { allowRemote: true, lookup }))).toMatchObject({
      code: 'remote_fetch_failed',
      message: expect.stringMatching(/specs\.example resolves to a private address/),
    });
  });

  it('with allowRemote and an address policy that permits it, fetches a URL document and its relative $ref', async () => {
    const loaded = await loadOpenApiDocument(`${upstream.origin}/api.json`, {
      allowRemote: true,
      addressPolicy: LOOPBACK_ALLOWED,
    });
    expect(loaded).toMatchObject({ source: `${upstream.origin}/api.json`, documents: 2 });
    expect(upstream.requests.map((r) => r.url).sort()).toEqual(['/api.json', '/pet.json']);
  });

  it('follows a redirect through the guard, and refuses a missing document', async () => {
    const path = write('moved-ref.json', withSchemaRef(`${upstream.origin}/moved`));
    const options = { allowRemote: true, addressPolicy: LOOPBACK_ALLOWED };
    expect(await loadOpenApiDocument(path, options)).toMatchObject({ documents: 2 });
    const missing = write('missing-ref.json', withSchemaRef(`${upstream.origin}/nothing.json`));
    expect(await failure(loadOpenApiDocument(missing, options))).toMatchObject({
      code: 'remote_fetch_failed',
      message: expect.stringContaining('HTTP 404'),
    });
  });

  it('a remote document that never finishes fails at the deadline; one that never ends stops at the cap', async () => {
    const options = { allowRemote: true, addressPolicy: LOOPBACK_ALLOWED };
    expect(
      await failure(loadOpenApiDocument(`${upstream.origin}/hang`, { ...options, remoteTimeoutMs: 300 })),
    ).toMatchObject({ code: 'remote_fetch_failed' });
    expect(
      await failure(loadOpenApiDocument(`${upstream.origin}/huge`, { ...options, maxBytes: 1024 * 1024 })),
    ).toMatchObject({ code: 'spec_too_large' });
  });

  it('a remote document may not reference local files', async () => {
    write('pet.json', PET);
    const options = { allowRemote: true, addressPolicy: LOOPBACK_ALLOWED };
    expect(await failure(loadOpenApiDocument(`${upstream.origin}/local-ref.json`, options))).toMatchObject({
      code: 'remote_ref_refused',
      message: expect.stringContaining('may not reference local files'),
    });
  });
});
