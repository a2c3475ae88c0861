import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { COMMANDS } from './commands.js';

/** docs/cli.md, split at its headings: each command's section says its flags. */
const PAGE = readFileSync(new URL('../../../../docs/cli.md', import.meta.url), 'utf8');

/** The flags a usage text lists (`  --name VALUE  description`). */
function flagsOf(usage: string): string[] {
  return [...usage.matchAll(/^ {2}--([a-z][a-z0-9-]*)/gm)].map((match) => match[1] as string);
}

/** The part of the page from the heading naming `path` to the next heading of that level or above. */
function sectionOf(path: readonly string[]): string {
  // A sub-command is told in its group's section (`### mcpforge gateway keys`) unless it has its own.
  const headingOf = (words: readonly string[]) =>
    new RegExp(`^(#{2,3}) \`mcpforge ${words.join(' ')}\`$`, 'm');
  const found =
    headingOf(path).exec(PAGE) ?? (path.length === 3 ? headingOf(path.slice(0, 2)).exec(PAGE) : null);
  if (found === null) return '';
  const rest = PAGE.slice(found.index + found[0].length);
  const next = new RegExp(`^#{2,${(found[1] as string).length}} `, 'm').exec(rest);
  return next === null ? rest : rest.slice(0, next.index);
}

describe('docs/cli.md', () => {
  it.each(COMMANDS.map((command) => [command.path.join(' '), command] as const))(
    'has a section for mcpforge %s that names every flag',
    (_name, command) => {
      const section = sectionOf(command.path);
      expect(section, `no heading for mcpforge ${command.path.join(' ')}`).not.toBe('');
      const shared = /^## Operating a running gateway$[\s\S]*?^### /m.exec(PAGE)?.[0] ?? '';
      const documented =
        command.path[0] === 'gateway' && command.path.length >= 2 ? section + shared : section;
      // serve and demo are told whole in packages/cli/README.md; their flags must still be here.
      for (const flag of flagsOf(command.usage).filter((flag) => flag !== 'help')) {
        expect(documented, `mcpforge ${command.path.join(' ')} --${flag}`).toContain(`--${flag}`);
      }
    },
  );
});
