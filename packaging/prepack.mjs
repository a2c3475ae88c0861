#!/usr/bin/env node
// Each published package's `prepack` (run by `npm pack` and `npm publish` in the package folder):
// builds it, then deletes what `tsc -b` leaves behind in dist/ when a source file is renamed or
// removed, so a tarball never carries a module that no longer exists in src/.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
const packageDir = process.cwd();
// What tsc emits for src/x.ts: x.js, x.js.map, x.d.ts, x.d.ts.map.
const EMITTED = /(?:\.js|\.js\.map|\.d\.ts|\.d\.ts\.map)$/;

const tsc = join(repoRoot, 'node_modules', 'typescript', 'bin', 'tsc');
const build = spawnSync(process.execPath, [tsc, '-b', 'tsconfig.build.json'], {
  cwd: packageDir,
  stdio: 'inherit',
});
if (build.status !== 0) process.exit(build.status ?? 1);

function* files(folder) {
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else yield path;
  }
}

const dist = join(packageDir, 'dist');
for (const output of files(dist)) {
  if (!EMITTED.test(output)) continue;
  const source = join(packageDir, 'src', relative(dist, output).replace(EMITTED, '.ts'));
  if (!existsSync(source)) {
    // force: two packs running at once may both find the same stale file.
    rmSync(output, { force: true });
    process.stderr.write(`prepack: removed ${relative(packageDir, output)} (its source is gone)\n`);
  }
}
