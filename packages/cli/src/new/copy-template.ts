import { cpSync } from 'node:fs';
import { basename } from 'node:path';

/** What a copy of the template leaves behind: installs and build outputs. */
const NOT_COPIED = new Set(['node_modules', 'dist', 'coverage', '.cache']);

/** Whether `path` belongs in a copy of the template. */
export function isTemplateFile(path: string): boolean {
  const name = basename(path);
  return !NOT_COPIED.has(name) && !name.endsWith('.tsbuildinfo');
}

/** Copies the template's sources from `from` to `to` (which must be empty or absent). */
export function copyTemplate(from: string, to: string): void {
  cpSync(from, to, { recursive: true, filter: isTemplateFile, errorOnExist: true, force: false });
}
