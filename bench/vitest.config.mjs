import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// The bench's own tests (drivers, parser, budgets): `npx vitest run --config bench/vitest.config.mjs`.
// No timed assertions here: the measurements themselves live in `npm run bench`.
export default defineConfig({
  test: {
    root: fileURLToPath(new URL('.', import.meta.url)),
    include: ['src/**/*.test.mjs'],
    exclude: ['src/wire/**', '**/node_modules/**'],
    testTimeout: 20_000,
    pool: 'forks',
  },
});
