import { mkdir, mkdtemp, realpath, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PathOutsideRootsError } from './errors.js';
import { resolveInsideRoots } from './paths.js';

let base: string;
let root: string;
let outside: string;

beforeAll(async () => {
  base = await realpath(await mkdtemp(join(tmpdir(), 'forge-roots-')));
  root = join(base, 'root');
  outside = join(base, 'outside');
  await mkdir(join(root, 'docs'), { recursive: true });
  await mkdir(outside);
  await writeFile(join(root, 'docs', 'a.txt'), 'a');
  await writeFile(join(outside, 'secret.txt'), 's');
  await symlink(outside, join(root, 'escape'));
  await symlink(join(outside, 'secret.txt'), join(root, 'secret-link'));
  await symlink(join(root, 'docs'), join(root, 'docs-link'));
  await symlink(join(outside, 'missing.txt'), join(root, 'dangling'));
});

afterAll(async () => {
  await rm(base, { recursive: true, force: true });
});

async function refusal(promise: Promise<string>): Promise<PathOutsideRootsError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(PathOutsideRootsError);
  return error as PathOutsideRootsError;
}

describe('resolveInsideRoots', () => {
  it('returns the real path of files inside the root', async () => {
    expect(await resolveInsideRoots(join(root, 'docs', 'a.txt'), [root])).toBe(join(root, 'docs', 'a.txt'));
    expect(await resolveInsideRoots('docs/a.txt', [root])).toBe(join(root, 'docs', 'a.txt'));
    expect(await resolveInsideRoots('docs-link/a.txt', [root])).toBe(join(root, 'docs', 'a.txt'));
    expect(await resolveInsideRoots(root, [root])).toBe(root);
  });

  it('accepts a not-yet-existing file under an existing directory inside', async () => {
    expect(await resolveInsideRoots('docs/new/deeper/b.txt', [root])).toBe(
      join(root, 'docs', 'new', 'deeper', 'b.txt'),
    );
  });

  it('refuses .. escapes', async () => {
    const error = await refusal(resolveInsideRoots('../outside/secret.txt', [root]));
    expect(error.code).toBe('ERR_PATH_OUTSIDE_ROOTS');
    expect(error.message).toContain('../outside/secret.txt');
    await refusal(resolveInsideRoots(join(root, 'docs', '..', '..', 'outside'), [root]));
  });

  it('refuses symlinks escaping the root, existing or not', async () => {
    await refusal(resolveInsideRoots('escape/secret.txt', [root]));
    await refusal(resolveInsideRoots('secret-link', [root]));
    await refusal(resolveInsideRoots('escape/new-file.txt', [root]));
    const dangling = await refusal(resolveInsideRoots('dangling', [root]));
    expect(dangling.message).toContain('dangling');
  });

  it('refuses a sibling sharing the root name as prefix', async () => {
    await mkdir(join(base, 'root-evil'), { recursive: true });
    await refusal(resolveInsideRoots(join(base, 'root-evil', 'x'), [root]));
  });

  it('accepts any of several roots, refuses with no roots and NUL bytes', async () => {
    expect(await resolveInsideRoots(join(outside, 'secret.txt'), [root, outside])).toBe(
      join(outside, 'secret.txt'),
    );
    await refusal(resolveInsideRoots('docs/a.txt', []));
    await refusal(resolveInsideRoots('docs/a\0.txt', [root]));
  });
});
