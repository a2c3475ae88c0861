import { type ChildProcessWithoutNullStreams, execFile, execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { createInterface } from 'node:readline';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanNpmEnv } from '../scripts/node22.mjs';
import {
  NPM_INSTALL_FLAGS,
  type PackedPackage,
  PUBLISHED,
  packPublished,
  repoRoot,
  rootVersion,
} from './pack.js';

/**
 * The published packages as a user gets them: `npm pack` of each, installed from the tarballs
 * into a new project outside the repository, type-checked against the packed `.d.ts` files and
 * run as a stdio server.
 */
const run = promisify(execFile);
const scratch = mkdtempSync(join(tmpdir(), 'mcpforge-packed-'));
const consumer = join(scratch, 'consumer');
let packed: Record<(typeof PUBLISHED)[number], PackedPackage>;
/** The files of the consumer's TypeScript program (`tsc --listFiles`). */
let programFiles: string[];

/** Each package's own package.json, as in the repository. */
function sourceExports(folder: string): string[] {
  const manifest = JSON.parse(readFileSync(join(repoRoot, 'packages', folder, 'package.json'), 'utf8')) as {
    exports: Record<string, unknown>;
  };
  return Object.keys(manifest.exports);
}

const SUBPATHS: Record<(typeof PUBLISHED)[number], readonly string[]> = {
  '@mcpforge/wire': ['.', './ws'],
  '@mcpforge/server': ['.', './http', './testing', './tasks'],
  // Still growing (issue 11: host, compat, server, toolsets): taken from its package.json, so
  // every subpath it declares is packed, resolved and run below.
  '@mcpforge/mcpl': sourceExports('mcpl'),
};
const specifiers = PUBLISHED.flatMap((name) =>
  SUBPATHS[name].map((subpath) => (subpath === '.' ? name : `${name}/${subpath.slice(2)}`)),
);

const CONSUMER_FILES: Record<string, string> = {
  'package.json': JSON.stringify({ name: 'packed-consumer', private: true, type: 'module' }),
  'tsconfig.json': JSON.stringify({
    compilerOptions: {
      target: 'ES2022',
      module: 'NodeNext',
      moduleResolution: 'NodeNext',
      strict: true,
      exactOptionalPropertyTypes: true,
      // The packed declarations themselves are checked, not only their use.
      skipLibCheck: false,
      types: ['node'],
      rootDir: 'src',
      outDir: 'dist',
    },
    include: ['src'],
  }),
  'src/main.ts': `import { createServer, run, s, structured } from '@mcpforge/server';

const server = createServer({ name: 'packed-consumer', version: '1.0.0' });
server.tool(
  {
    name: 'add',
    description: 'Add two integers.',
    inputSchema: s.object({ a: s.integer(), b: s.integer() }),
  },
  (args) => structured({ sum: args.a + args.b }),
);
await run(() => server, { name: 'packed-consumer' });
`,
  'src/entry-points.ts': `import { manifestDigest } from '@mcpforge/mcpl';
import { createServer } from '@mcpforge/server';
import { createHttpHandler, type HttpHandler } from '@mcpforge/server/http';
import { createTaskServer, type TaskServer } from '@mcpforge/server/tasks';
import { createTestClient, type TestClient } from '@mcpforge/server/testing';
import { type Connection, type ConnectionOptions, LineDecoder } from '@mcpforge/wire';
import { fromWebSocket } from '@mcpforge/wire/ws';
import type { WebSocket } from 'ws';

const server = createServer({ name: 'entry-points', version: '1.0.0' });
export const handler: HttpHandler = createHttpHandler(server, { maxBodyBytes: 1024 });
export const client: TestClient = createTestClient(server);
export const makeTasks: typeof createTaskServer = createTaskServer;
export type Tasks = TaskServer;
export const decoder = new LineDecoder();
export const revision: string = manifestDigest({ version: '0.5' });
export function connect(socket: WebSocket, options?: ConnectionOptions): Connection {
  return fromWebSocket(socket, options);
}
`,
};

function writeConsumer(): void {
  for (const [path, text] of Object.entries(CONSUMER_FILES)) {
    mkdirSync(join(consumer, path, '..'), { recursive: true });
    writeFileSync(join(consumer, path), text);
  }
}

/** Sends JSON-RPC requests one at a time over the child's stdin and collects each answer. */
async function exchange(child: ChildProcessWithoutNullStreams, messages: object[]): Promise<unknown[]> {
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const answers: unknown[] = [];
  for (const message of messages) {
    child.stdin.write(`${JSON.stringify(message)}\n`);
    if (!('id' in message)) continue;
    const line = await lines.next();
    if (line.done) throw new Error('the server closed stdout before answering');
    answers.push(JSON.parse(line.value));
  }
  return answers;
}

beforeAll(() => {
  packed = packPublished(join(scratch, 'packs'));
  writeConsumer();
}, 120_000);

afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('the packed tarballs', () => {
  it.each(PUBLISHED)('%s carries dist (JS and .d.ts), its sources, README and LICENSE', (name) => {
    const { files } = packed[name];
    expect(files).toEqual(
      expect.arrayContaining([
        'package.json',
        'README.md',
        'LICENSE',
        'dist/index.js',
        'dist/index.d.ts',
        'src/index.ts',
      ]),
    );
    const license = execFileSync('tar', ['-xzOf', packed[name].tarball, 'package/LICENSE'], {
      encoding: 'utf8',
    });
    expect(license).toBe(readFileSync(join(repoRoot, 'LICENSE'), 'utf8'));
  });

  it.each(PUBLISHED)('%s carries no tests, test helpers or build info', (name) => {
    const unwanted = packed[name].files.filter((path) =>
      /\.test\.|test-support\/|test-fixtures\/|tsbuildinfo|(?:^|\/)tsconfig/.test(path),
    );
    expect(unwanted).toEqual([]);
  });

  it.each(PUBLISHED)('%s has every dist module of its sources and none without one', (name) => {
    const { files } = packed[name];
    const sources = files.filter((path) => path.startsWith('src/') && path.endsWith('.ts'));
    const modules = files.filter((path) => path.startsWith('dist/') && path.endsWith('.js'));
    expect(modules.map((path) => path.replace(/^dist\//, 'src/').replace(/\.js$/, '.ts')).sort()).toEqual(
      sources.sort(),
    );
  });

  it.each(PUBLISHED)('every export of %s points at a file in its tarball', (name) => {
    const { manifest, files } = packed[name];
    expect(Object.keys(manifest.exports)).toEqual(SUBPATHS[name]);
    const targets = Object.values(manifest.exports).flatMap((conditions) => Object.values(conditions));
    expect(
      targets.map((target) => target.replace(/^\.\//, '')).filter((path) => !files.includes(path)),
    ).toEqual([]);
  });

  it.each(PUBLISHED)('%s has the fields a registry page and a consumer need', (name) => {
    const { manifest } = packed[name];
    expect(manifest).toMatchObject({
      name,
      license: 'Apache-2.0',
      type: 'module',
      main: './dist/index.js',
      types: './dist/index.d.ts',
      publishConfig: { access: 'public' },
    });
    expect(manifest.private).toBeUndefined();
    expect(manifest['description']).toEqual(expect.any(String));
    expect(manifest['keywords']).toContain('mcp');
  });

  it('@mcpforge/server depends on exactly the packed @mcpforge/wire', () => {
    expect(packed['@mcpforge/server'].manifest.dependencies?.['@mcpforge/wire']).toBe(
      packed['@mcpforge/wire'].manifest.version,
    );
  });

  it('@mcpforge/mcpl depends on exactly the packed @mcpforge/wire and @mcpforge/server', () => {
    expect(packed['@mcpforge/mcpl'].manifest.dependencies).toEqual({
      '@mcpforge/server': packed['@mcpforge/server'].manifest.version,
      '@mcpforge/wire': packed['@mcpforge/wire'].manifest.version,
    });
  });
});

describe('a new project outside the repository, installed from the tarballs', () => {
  beforeAll(async () => {
    expect(relative(repoRoot, consumer).startsWith('..')).toBe(true);
    const tools = ['typescript', '@types/node', 'ws', '@types/ws'].map(
      (name) => `${name}@${rootVersion(name)}`,
    );
    await run(
      'npm',
      [
        'install',
        ...NPM_INSTALL_FLAGS,
        packed['@mcpforge/wire'].tarball,
        packed['@mcpforge/server'].tarball,
        packed['@mcpforge/mcpl'].tarball,
        ...tools,
      ],
      {
        cwd: consumer,
        env: cleanNpmEnv(),
        timeout: 90_000,
      },
    );
    const tsc = join(consumer, 'node_modules', 'typescript', 'bin', 'tsc');
    const { stdout } = await run(process.execPath, [tsc, '-p', 'tsconfig.json', '--listFiles'], {
      cwd: consumer,
      timeout: 60_000,
    });
    programFiles = stdout.split('\n');
  }, 150_000);

  it('takes @mcpforge/wire from its tarball, never from the registry', () => {
    const lock = JSON.parse(readFileSync(join(consumer, 'package-lock.json'), 'utf8')) as {
      packages: Record<string, { resolved?: string }>;
    };
    const wires = Object.keys(lock.packages).filter((path) => path.endsWith('node_modules/@mcpforge/wire'));
    expect(wires).toEqual(['node_modules/@mcpforge/wire']);
    expect(lock.packages['node_modules/@mcpforge/wire']?.resolved).toMatch(
      /^file:.*mcpforge-wire-0\.1\.0\.tgz$/,
    );
  });

  // The build (beforeAll) failing would mean a packed declaration or an entry point is broken.
  it('type-checks a use of every entry point against the packed .d.ts files, never the .ts sources', () => {
    const ours = programFiles.filter((path) => path.includes('/node_modules/@mcpforge/'));
    expect(ours.filter((path) => !/\/dist\/.*\.d\.ts$/.test(path))).toEqual([]);
    expect(ours.length).toBeGreaterThan(0);
  });

  it('resolves every entry point at run time to dist JavaScript', async () => {
    const script = `for (const s of ${JSON.stringify(specifiers)}) { await import(s); console.log(import.meta.resolve(s)); }`;
    const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script], { cwd: consumer });
    const resolved = stdout.trim().split('\n');
    expect(resolved).toHaveLength(specifiers.length);
    expect(
      resolved.filter((url) => !/\/node_modules\/@mcpforge\/(wire|server|mcpl)\/dist\/.*\.js$/.test(url)),
    ).toEqual([]);
  });

  it('serves initialize and tools/call over stdio from the installed packages', async () => {
    const child = spawn(process.execPath, [join(consumer, 'dist', 'main.js')], { cwd: consumer });
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    const answers = await exchange(child, [
      {
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: {
          protocolVersion: '2025-06-18',
          capabilities: {},
          clientInfo: { name: 'test', version: '1' },
        },
      },
      { jsonrpc: '2.0', method: 'notifications/initialized' },
      { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'add', arguments: { a: 2, b: 3 } } },
    ]);
    child.stdin.end();
    expect(answers[0]).toMatchObject({
      id: 1,
      result: { protocolVersion: '2025-06-18', serverInfo: { name: 'packed-consumer' } },
    });
    expect(answers[1]).toMatchObject({ id: 2, result: { structuredContent: { sum: 5 } } });
    expect(await exited).toBe(0);
  }, 30_000);
});
