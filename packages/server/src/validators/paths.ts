import { lstat, realpath } from 'node:fs/promises';
import { basename, dirname, isAbsolute, join, resolve, sep } from 'node:path';
import { PathOutsideRootsError } from './errors.js';

function isInside(candidate: string, root: string): boolean {
  if (candidate === root) return true;
  const prefix = root.endsWith(sep) ? root : root + sep;
  return candidate.startsWith(prefix);
}

function errorCode(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'code' in error
    ? String((error as { code: unknown }).code)
    : undefined;
}

/**
 * The real path of `path`; for a path that does not exist yet, the real path of its
 * nearest existing ancestor joined with the missing tail. A dangling symlink is
 * refused: writing through it would land wherever it points.
 */
async function realpathAllowingMissing(original: string, absolute: string): Promise<string> {
  const tail: string[] = [];
  let current = absolute;
  for (;;) {
    try {
      const real = await realpath(current);
      return tail.length === 0 ? real : join(real, ...tail.reverse());
    } catch (error) {
      if (errorCode(error) !== 'ENOENT' && errorCode(error) !== 'ENOTDIR') throw error;
    }
    const exists = await lstat(current).then(
      () => true,
      () => false,
    );
    if (exists) throw new PathOutsideRootsError(original, 'it is a dangling symbolic link');
    const parent = dirname(current);
    if (parent === current) throw new PathOutsideRootsError(original, 'no part of it exists');
    tail.push(basename(current));
    current = parent;
  }
}

/**
 * Resolves `path` (absolute, or relative to the first root) to its real location,
 * following `..` and symbolic links, and returns it only when it lies inside one of
 * `roots` (themselves resolved with realpath). A path that does not exist yet is
 * judged by its nearest existing parent, so it can be created afterwards.
 *
 * Check-then-use is racy if others can change the tree; open the returned real path
 * promptly and prefer roots only this process writes to.
 *
 * @throws PathOutsideRootsError when outside every root, when `roots` is empty, or for a NUL byte.
 */
export async function resolveInsideRoots(path: string, roots: readonly string[]): Promise<string> {
  if (roots.length === 0) throw new PathOutsideRootsError(path, 'no roots are allowed');
  if (path.includes('\0')) throw new PathOutsideRootsError(path, 'it contains a NUL byte');
  const realRoots = await Promise.all(roots.map((root) => realpath(resolve(root)).catch(() => undefined)));
  const base = roots[0] as string;
  const absolute = isAbsolute(path) ? resolve(path) : resolve(base, path);
  const real = await realpathAllowingMissing(path, absolute);
  for (const root of realRoots) {
    if (root !== undefined && isInside(real, root)) return real;
  }
  throw new PathOutsideRootsError(path, 'it resolves outside the allowed roots');
}
