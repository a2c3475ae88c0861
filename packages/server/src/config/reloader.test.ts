// biome-ignore-all lint/suspicious/noTemplateCurlyInString: these strings test literal ${VAR} placeholders
import { mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { s } from '../schema/builders.js';
import { ConfigError } from './errors.js';
import { ConfigReloader } from './reloader.js';

const schema = s.object({ name: s.string({ minLength: 1 }), token: s.optional(s.string({ minLength: 1 })) });
type Config = { name: string; token?: string };

let dir: string;
let counter = 0;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'forge-reload-'));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function fixture(content: string) {
  counter += 1;
  const file = join(dir, `config-${counter}.json`);
  await writeFile(file, content);
  const changes: Config[] = [];
  const errors: Error[] = [];
  const reloader = new ConfigReloader({
    source: file,
    schema,
    env: { TOKEN: 'abc' },
    intervalMs: 0,
    onChange: (config) => changes.push(config),
    onError: (error) => errors.push(error),
  });
  return { file, reloader, changes, errors };
}

/** Resolves when `predicate` holds, polling the event loop; fails after `ms`. */
async function eventually(predicate: () => boolean, ms = 5000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!predicate()) {
    if (Date.now() > deadline) throw new Error('condition not reached in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('ConfigReloader', () => {
  it('applies a changed file once and re-parses only when the content hash changed', async () => {
    const { file, reloader, changes, errors } = await fixture('{"name":"one"}');
    await reloader.start();
    expect(reloader.current).toStrictEqual({ name: 'one' });
    expect(reloader.stats).toStrictEqual({ reads: 1, parses: 1 });

    await writeFile(file, '{"name":"two","token":"${TOKEN}"}');
    expect(await reloader.check()).toBe(true);
    expect(await reloader.check()).toBe(false);
    expect(changes).toStrictEqual([{ name: 'two', token: 'abc' }]);
    expect(reloader.current).toStrictEqual({ name: 'two', token: 'abc' });

    const later = new Date(Date.now() + 60_000);
    await writeFile(file, '{"name":"two","token":"${TOKEN}"}');
    await utimes(file, later, later);
    expect(await reloader.check()).toBe(false);
    expect(reloader.stats).toStrictEqual({ reads: 4, parses: 2 });
    expect(changes).toHaveLength(1);
    expect(errors).toStrictEqual([]);
    reloader.stop();
  });

  it('keeps the last good config when the new one is invalid, reporting why once', async () => {
    const { file, reloader, changes, errors } = await fixture('{"name":"good"}');
    await reloader.start();
    await writeFile(file, '{"name":""}');
    await reloader.check();
    await reloader.check();
    expect(reloader.current).toStrictEqual({ name: 'good' });
    expect(errors).toHaveLength(1);
    expect(errors[0]).toBeInstanceOf(ConfigError);
    expect(errors[0]).toMatchObject({ code: 'ERR_CONFIG_INVALID' });
    expect(errors[0]?.message).toContain("config field 'name'");

    await writeFile(file, '{"name": oops}');
    await reloader.check();
    expect(errors[1]).toMatchObject({ code: 'ERR_CONFIG_PARSE' });

    await writeFile(file, '{"name":"fixed"}');
    await reloader.check();
    expect(changes).toStrictEqual([{ name: 'fixed' }]);
    expect(errors).toHaveLength(2);
    reloader.stop();
  });

  it('rejects a version whose ${VAR} is missing (fail-closed)', async () => {
    const { file, reloader, errors } = await fixture('{"name":"a","token":"${TOKEN}"}');
    await reloader.start();
    await writeFile(file, '{"name":"a","token":"${UNSET_TOKEN}"}');
    expect(await reloader.check()).toBe(false);
    expect(errors[0]?.message).toContain("config field 'token'");
    expect(reloader.current).toStrictEqual({ name: 'a', token: 'abc' });
    reloader.stop();
  });

  it('reports a vanished file once and recovers when it returns', async () => {
    const { file, reloader, changes, errors } = await fixture('{"name":"a"}');
    await reloader.start();
    await rm(file);
    await reloader.check();
    await reloader.check();
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ code: 'ERR_CONFIG_NOT_FOUND' });
    await writeFile(file, '{"name":"b"}');
    await reloader.check();
    expect(changes).toStrictEqual([{ name: 'b' }]);
    reloader.stop();
  });

  it('fails start() on an invalid first version', async () => {
    const { reloader } = await fixture('{"name":""}');
    await expect(reloader.start()).rejects.toMatchObject({ code: 'ERR_CONFIG_INVALID' });
    expect(reloader.current).toBeUndefined();
  });

  it('polls on its interval and stops', async () => {
    counter += 1;
    const file = join(dir, `config-${counter}.json`);
    await writeFile(file, '{"name":"first"}');
    const changes: Config[] = [];
    const reloader = new ConfigReloader({
      source: file,
      schema,
      intervalMs: 20,
      onChange: (config) => changes.push(config),
    });
    await reloader.start();
    await writeFile(file, '{"name":"second"}');
    await eventually(() => changes.length === 1);
    expect(reloader.current).toStrictEqual({ name: 'second' });
    reloader.stop();
    const reads = reloader.stats.reads;
    await writeFile(file, '{"name":"third"}');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(reloader.stats.reads).toBe(reads);
    expect(changes).toHaveLength(1);
  });

  it('reacts to fs.watch events when polling is off', async () => {
    counter += 1;
    const file = join(dir, `config-${counter}.json`);
    await writeFile(file, '{"name":"first"}');
    const changes: Config[] = [];
    const reloader = new ConfigReloader({
      source: file,
      schema,
      intervalMs: 0,
      watch: true,
      onChange: (config) => changes.push(config),
    });
    await reloader.start();
    await writeFile(file, '{"name":"watched"}');
    await eventually(() => changes.length >= 1);
    expect(reloader.current).toStrictEqual({ name: 'watched' });
    reloader.stop();
  });
});

describe('ConfigReloader options', () => {
  it('refuses an intervalMs that is not a non-negative integer: Infinity would poll every millisecond', () => {
    for (const value of [Number.POSITIVE_INFINITY, Number.NaN, -1, 0.5]) {
      expect(() => new ConfigReloader({ source: 'x.json', schema, intervalMs: value })).toThrow(
        new RangeError(`intervalMs must be a non-negative integer (0 disables polling), got ${value}`),
      );
    }
    expect(() => new ConfigReloader({ source: 'x.json', schema, intervalMs: 0 })).not.toThrow();
  });
});
