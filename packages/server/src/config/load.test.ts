// biome-ignore-all lint/suspicious/noTemplateCurlyInString: these strings test literal ${VAR} placeholders
import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { s } from '../schema/builders.js';
import { ConfigError } from './errors.js';
import { expandVars } from './expand.js';
import { loadConfig } from './load.js';
import { configFlag } from './locate.js';

const schema = s.object({
  endpoint: s.string({ minLength: 1 }),
  token: s.string({ minLength: 1 }),
  limit: s.optional(s.integer({ minimum: 1 })),
});

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'forge-config-'));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function failure(promise: Promise<unknown>): Promise<ConfigError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ConfigError);
  return error as ConfigError;
}

describe('expandVars', () => {
  it('replaces ${NAME} with the value or an empty string', () => {
    expect(expandVars('a ${A} b ${MISSING} c', { A: 'x' })).toBe('a x b  c');
    expect(expandVars('${A}${A}', { A: '1' })).toBe('11');
    expect(expandVars('[${__proto__}${constructor}${toString}]', { A: 'x' })).toBe('[]');
  });

  it('leaves everything else alone', () => {
    expect(expandVars('$A ${} ${1X} ${A-B} $${A}', { A: 'x' })).toBe('$A ${} ${1X} ${A-B} $x');
  });
});

describe('configFlag', () => {
  it('reads every flag spelling; the last wins', () => {
    expect(configFlag(['node', 'x', '--config', 'a.json'])).toBe('a.json');
    expect(configFlag(['--config=b.json'])).toBe('b.json');
    expect(configFlag(['-config', 'c.json'])).toBe('c.json');
    expect(configFlag(['-config=d.json', '--config', 'e.json'])).toBe('e.json');
    expect(configFlag(['--health'])).toBeUndefined();
    expect(() => configFlag(['--config'])).toThrowError(ConfigError);
  });
});

describe('loadConfig', () => {
  it('loads --config FILE, expands variables in values and hashes the raw bytes', async () => {
    const file = join(dir, 'flag.json');
    const raw = '{"endpoint":"https://${HOST}/v1","token":"${TOKEN}","limit":3}';
    await writeFile(file, raw);
    const loaded = await loadConfig({
      serverName: 'hello',
      argv: ['--config', file],
      env: { HOST: 'api.example.com', TOKEN: 'se"cr\\et' },
      schema,
    });
    expect(loaded.config).toStrictEqual({
      endpoint: 'https://api.example.com/v1',
      token: 'se"cr\\et',
      limit: 3,
    });
    expect(loaded.source).toBe(file);
    expect(loaded.sha256).toBe(createHash('sha256').update(raw).digest('hex'));
  });

  it('uses $MCPFORGE_TENANT_CONFIG/<server>.json first; --config is the fallback when there is no tenant file', async () => {
    const tenant = await mkdtemp(join(dir, 'tenant-'));
    await writeFile(join(tenant, 'hello.json'), '{"endpoint":"tenant","token":"t"}');
    const flag = join(dir, 'wins.json');
    await writeFile(flag, '{"endpoint":"flag","token":"t"}');
    const fromTenant = await loadConfig({
      serverName: 'hello',
      argv: [],
      env: { MCPFORGE_TENANT_CONFIG: tenant },
      schema,
    });
    expect(fromTenant.config.endpoint).toBe('tenant');
    // Both present: the tenant file is primary.
    const both = await loadConfig({
      serverName: 'hello',
      argv: [`--config=${flag}`],
      env: { MCPFORGE_TENANT_CONFIG: tenant },
      schema,
    });
    expect(both.config.endpoint).toBe('tenant');
    expect(both.source).toBe(join(tenant, 'hello.json'));
    // The variable is set but this server has no tenant file: the static --config is used.
    const noTenantFile = await loadConfig({
      serverName: 'other',
      argv: ['--config', flag],
      env: { MCPFORGE_TENANT_CONFIG: tenant },
      schema,
    });
    expect(noTenantFile.source).toBe(flag);
    // No variable at all: --config.
    const flagOnly = await loadConfig({ serverName: 'hello', argv: ['--config', flag], env: {}, schema });
    expect(flagOnly.config.endpoint).toBe('flag');
    // The variable set, no tenant file, no flag: not found, naming the tenant file.
    const missing = await failure(
      loadConfig({ serverName: 'other', argv: [], env: { MCPFORGE_TENANT_CONFIG: tenant }, schema }),
    );
    expect(missing.code).toBe('ERR_CONFIG_NOT_FOUND');
    expect(missing.message).toContain(join(tenant, 'other.json'));
  });

  it('fails closed when a required variable is missing', async () => {
    const file = join(dir, 'missing-var.json');
    await writeFile(file, '{"endpoint":"x","token":"${NOT_SET}"}');
    const error = await failure(
      loadConfig({ serverName: 'hello', argv: ['--config', file], env: {}, schema }),
    );
    expect(error.code).toBe('ERR_CONFIG_INVALID');
    expect(error.message).toContain(file);
    expect(error.message).toContain("config field 'token': must NOT have fewer than 1 characters");
    expect(error.issues[0]?.path).toBe('token');
  });

  it('reports parse errors with the file and position, not found with the reason', async () => {
    const file = join(dir, 'broken.json');
    await writeFile(file, '{\n  "endpoint": "x",\n}');
    const parse = await failure(
      loadConfig({ serverName: 'hello', argv: ['--config', file], env: {}, schema }),
    );
    expect(parse.code).toBe('ERR_CONFIG_PARSE');
    expect(parse.message).toMatch(/broken\.json: invalid JSON: .*line 3, column 1/);

    const missing = await failure(
      loadConfig({ serverName: 'hello', argv: ['--config', join(dir, 'nope.json')], env: {}, schema }),
    );
    expect(missing.code).toBe('ERR_CONFIG_NOT_FOUND');
    expect(missing.message).toContain('nope.json');
    const none = await failure(loadConfig({ serverName: 'hello', argv: [], env: {}, schema }));
    expect(none.code).toBe('ERR_CONFIG_NOT_FOUND');
    const traversal = await failure(
      loadConfig({ serverName: '../etc', argv: [], env: { MCPFORGE_TENANT_CONFIG: dir }, schema }),
    );
    expect(traversal.code).toBe('ERR_CONFIG_NOT_FOUND');
  });

  it('rejects unknown keys (closed schema)', async () => {
    const file = join(dir, 'extra.json');
    await writeFile(file, '{"endpoint":"x","token":"t","debug":true}');
    const error = await failure(
      loadConfig({ serverName: 'hello', argv: ['--config', file], env: {}, schema }),
    );
    expect(error.code).toBe('ERR_CONFIG_INVALID');
    expect(error.message).toContain("config field 'debug': is not allowed");
  });
});
