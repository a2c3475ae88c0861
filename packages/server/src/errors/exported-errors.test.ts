import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, vi } from 'vitest';

type Namespace = Record<string, unknown>;
type ErrorClass = abstract new (...args: never[]) => Error;

const ENTRY_POINTS = ['../index.js', '../http/index.js', '../testing/index.js', '../tasks/index.js'] as const;
const PACKAGES_DIR = fileURLToPath(new URL('../../../', import.meta.url));
const ERRORS_PAGE = readFileSync(join(PACKAGES_DIR, '..', 'docs', 'errors.md'), 'utf8');

/** One instance of each error class, built from a given copy of the package. */
const FACTORIES: Record<string, (m: Namespace) => Error> = {
  ArgumentError: (m) => make(m, 'ArgumentError', 'query', 'is required'),
  ConfigError: (m) => make(m, 'ConfigError', 'ERR_CONFIG_PARSE', 'bad JSON'),
  DefinitionError: (m) => make(m, 'DefinitionError', 'ERR_PROMPT_NAME', 'bad name'),
  DomainError: (m) => make(m, 'DomainError', 'not found'),
  FlagError: (m) => make(m, 'FlagError', 'ERR_FLAG_UNKNOWN', '--nope', 'unknown flag'),
  HttpAuthError: (m) => make(m, 'HttpAuthError', 401, 'no key', 'Bearer'),
  HttpRejection: (m) => make(m, 'HttpRejection', 400, -32600, 'bad'),
  ListenError: (m) =>
    make(m, 'ListenError', 'ERR_LISTEN_FAILED', { host: '127.0.0.1', port: 3000 }, 'failed'),
  McpError: (m) => make(m, 'McpError', -32602, 'bad params'),
  MissingClientCapabilityError: (m) => make(m, 'MissingClientCapabilityError', { sampling: {} }),
  ModernRequestError: (m) => make(m, 'ModernRequestError', 'sampling/createMessage'),
  NotificationTimeoutError: (m) => make(m, 'NotificationTimeoutError', 'notifications/progress', 10),
  PathOutsideRootsError: (m) => make(m, 'PathOutsideRootsError', '../x', 'outside'),
  RequestStateError: (m) => make(m, 'RequestStateError', 'ERR_REQUEST_STATE_EXPIRED', 'expired'),
  SchemaError: (m) => make(m, 'SchemaError', 'ERR_SCHEMA_INVALID', 'bad schema'),
  SessionRequestError: (m) => make(m, 'SessionRequestError', 'ERR_SESSION_CLOSED', 'closed'),
  ToolDefinitionError: (m) => make(m, 'ToolDefinitionError', 'ERR_TOOL_NAME', 'bad name'),
  UrlNotAllowedError: (m) => make(m, 'UrlNotAllowedError', 'other host'),
};

/** Error classes whose `code` is the JSON-RPC number they are sent with, not a string. */
const NUMERIC_CODES = new Set(['McpError']);

function make(m: Namespace, name: string, ...args: unknown[]): Error {
  const Class = m[name] as new (...values: unknown[]) => Error;
  return new Class(...args);
}

async function loadPackage(): Promise<Namespace> {
  const namespaces = await Promise.all(ENTRY_POINTS.map((entry) => import(entry) as Promise<Namespace>));
  return Object.assign({}, ...namespaces) as Namespace;
}

/** Each exported error class once (aliases such as `ToolError` are the same class), by class name. */
function errorClasses(m: Namespace): Map<string, ErrorClass> {
  const classes = new Map<string, ErrorClass>();
  for (const value of Object.values(m)) {
    if (typeof value === 'function' && value.prototype instanceof Error)
      classes.set(value.name, value as ErrorClass);
  }
  return classes;
}

/** A table row of docs/errors.md naming `text` in backticks. */
function rowsNaming(text: string): string[] {
  return ERRORS_PAGE.split('\n').filter((line) => line.startsWith('|') && line.includes(`\`${text}\``));
}

describe('every exported error class of @mcpforge/server', async () => {
  const original = await loadPackage();
  vi.resetModules();
  const copy = await loadPackage();
  const classes = errorClasses(original);

  it('has a factory here, so this test sees it', () => {
    expect([...classes.keys()].filter((name) => FACTORIES[name] === undefined)).toEqual([]);
    expect(classes.size).toBeGreaterThanOrEqual(15);
  });

  it.each([...classes.keys()])(
    '%s is branded: instanceof holds across a second copy of the module',
    (name) => {
      const Original = classes.get(name) as ErrorClass;
      const Copy = copy[name] as ErrorClass;
      expect(Copy).not.toBe(Original);
      const factory = FACTORIES[name] as (m: Namespace) => Error;
      const foreign = factory(copy);
      expect(Object.getPrototypeOf(foreign)).not.toBe(Original.prototype);
      expect(foreign instanceof Original).toBe(true);
      expect(factory(original) instanceof Copy).toBe(true);
      expect(new Error('plain') instanceof Original).toBe(false);
      expect(foreign.name).toBe(name);
      // Another class's error matches only when it is a subclass.
      for (const [otherName, Other] of classes) {
        const other = (FACTORIES[otherName] as (m: Namespace) => Error)(copy);
        const related =
          Other === Original || Object.prototype.isPrototypeOf.call(Original.prototype, Other.prototype);
        expect([otherName, other instanceof Original]).toEqual([otherName, related]);
      }
    },
  );

  it.each([...classes.keys()])('%s has a stable code listed in docs/errors.md', (name) => {
    const error = (FACTORIES[name] as (m: Namespace) => Error)(original) as Error & { code?: unknown };
    if (NUMERIC_CODES.has(name)) expect(error.code).toBeTypeOf('number');
    else expect(error.code).toMatch(/^ERR_[A-Z0-9_]+$/);
    expect(rowsNaming(name).length).toBeGreaterThan(0);
    if (typeof error.code === 'string') expect(rowsNaming(error.code)).toHaveLength(1);
  });
});

describe('docs/errors.md', () => {
  const sources = (dir: string): string[] =>
    readdirSync(dir, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && !file.includes('test-'))
      .map((file) => readFileSync(join(dir, file), 'utf8'));

  it('lists every error code of @mcpforge/wire and @mcpforge/server in exactly one row', () => {
    const codes = new Set<string>();
    for (const dir of ['wire/src', 'server/src']) {
      for (const text of sources(join(PACKAGES_DIR, dir)))
        for (const match of text.matchAll(/'(ERR_[A-Z0-9_]+)'/g)) codes.add(match[1] as string);
    }
    expect(codes.size).toBeGreaterThan(30);
    const missing = [...codes].filter((code) => rowsNaming(code).length !== 1);
    expect(missing).toEqual([]);
  });

  it("names every error class @mcpforge/wire exports, and McpErrorCode's numbers", async () => {
    const wire = (await import('@mcpforge/wire')) as Namespace;
    const { McpErrorCode } = (await import('../protocol/index.js')) as {
      McpErrorCode: Record<string, number>;
    };
    for (const name of errorClasses(wire).keys())
      expect([name, rowsNaming(name).length > 0]).toEqual([name, true]);
    for (const [name, code] of Object.entries(McpErrorCode)) {
      expect([name, rowsNaming(String(code)).length > 0]).toEqual([name, true]);
    }
  });
});
