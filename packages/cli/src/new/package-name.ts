import { basename, resolve } from 'node:path';

/** npm's longest package name. */
const MAX_LENGTH = 214;
const SCOPED = /^@([a-z0-9-~][a-z0-9-._~]*)\/([a-z0-9-~][a-z0-9-._~]*)$/;
const UNSCOPED = /^[a-z0-9-~][a-z0-9-._~]*$/;

/** Why `name` cannot be an npm package name, or undefined when it can. */
export function packageNameProblem(name: string): string | undefined {
  if (name.length === 0) return 'it is empty';
  if (name.length > MAX_LENGTH) return `it has ${name.length} characters, more than ${MAX_LENGTH}`;
  if (name.trim() !== name) return 'it has spaces around it';
  if (name !== name.toLowerCase()) return 'it has capital letters';
  if (name.startsWith('.') || name.startsWith('_')) return 'it starts with . or _';
  if (name === 'node_modules' || name === 'favicon.ico') return 'npm reserves it';
  if (!(name.startsWith('@') ? SCOPED : UNSCOPED).test(name)) {
    return 'it may hold only lowercase letters, digits, - . _ ~ (and one @scope/ in front)';
  }
  return undefined;
}

/** The default name of a project made in `dir`: its folder's name. */
export function nameFromDirectory(dir: string): string {
  return basename(resolve(dir));
}
