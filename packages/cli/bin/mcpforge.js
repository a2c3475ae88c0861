#!/usr/bin/env node
// The `mcpforge` bin npm links. It is committed, unlike dist/, so `npm ci` on a fresh clone finds
// the bin target and links `npx mcpforge` before the first build (npm skips a bin whose file is
// missing). It only loads the built CLI, and says how to build it when there is none.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const main = new URL('../dist/main.js', import.meta.url);
if (existsSync(fileURLToPath(main))) {
  await import(main.href);
} else {
  process.stderr.write(
    `mcpforge: the CLI is not built yet (${fileURLToPath(main)} is missing): run 'npm run build' in the mcpforge checkout, then run this again\n`,
  );
  process.exitCode = 1;
}
