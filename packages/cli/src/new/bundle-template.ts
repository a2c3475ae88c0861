import { rmSync } from 'node:fs';
import { copyTemplate } from './copy-template.js';
import { BUNDLED_TEMPLATE_DIR, checkoutDir } from './locations.js';

/**
 * The CLI package's `prepack` and `postpack` (`node dist/new/bundle-template.js [--remove]`):
 * copies the checkout's `template/` into the package as `template/` so a CLI installed from npm
 * has it, and removes the copy once packed (the checkout keeps one template).
 * @module
 */

function main(args: readonly string[]): void {
  rmSync(BUNDLED_TEMPLATE_DIR, { recursive: true, force: true });
  if (args.includes('--remove')) return;
  const checkout = checkoutDir();
  if (checkout === undefined) throw new Error('bundle-template runs in a mcpforge checkout (packages/cli)');
  copyTemplate(`${checkout}template`, BUNDLED_TEMPLATE_DIR);
  process.stderr.write(`bundle-template: copied ${checkout}template into ${BUNDLED_TEMPLATE_DIR}\n`);
}

main(process.argv.slice(2));
