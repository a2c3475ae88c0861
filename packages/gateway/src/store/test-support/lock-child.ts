import { createInterface } from 'node:readline';
import { lockDataDir } from '../data-dir-lock.js';

/**
 * A second process for the data-directory lock tests. Arguments: the directory and a mode.
 * - `cycle N`: takes and releases the lock N times as fast as it can, then prints `done`;
 * - `race`: waits for a line on stdin, tries the lock once, prints `won` or `lost <code>`,
 *   and holds what it won until stdin closes.
 */
const [dataDir = '', mode = '', count = '0'] = process.argv.slice(2);

if (mode === 'cycle') {
  for (let round = 0; round < Number(count); round += 1) {
    const release = await lockDataDir(dataDir);
    await release();
  }
  process.stdout.write('done\n');
} else if (mode === 'race') {
  const lines = createInterface({ input: process.stdin });
  const go = new Promise<void>((resolve) => lines.once('line', () => resolve()));
  process.stdout.write('ready\n');
  await go;
  const release = await lockDataDir(dataDir).then(
    (release) => {
      process.stdout.write('won\n');
      return release;
    },
    (error: unknown) => {
      process.stdout.write(`lost ${(error as { code?: string }).code ?? String(error)}\n`);
      return undefined;
    },
  );
  await new Promise((resolve) => lines.once('close', resolve));
  await release?.();
}
