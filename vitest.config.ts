import { defaultClientConditions, defaultServerConditions } from 'vite';
import { defineConfig } from 'vitest/config';

// `mcpforge-source` resolves workspace packages to their TypeScript sources, so tests need no build.
export default defineConfig({
  resolve: { conditions: ['mcpforge-source', ...defaultClientConditions] },
  ssr: { resolve: { conditions: ['mcpforge-source', ...defaultServerConditions] } },
  test: {
    exclude: ['**/node_modules/**', '**/dist/**', 'bench/src/wire/**'],
    include: [
      'packages/*/src/**/*.test.ts',
      'examples/*/src/**/*.test.ts',
      'examples/*/test/**/*.test.ts',
      'template/src/**/*.test.ts',
      'packaging/**/*.test.ts',
      'docs/examples/**/*.test.ts',
      'docs/runnable/**/*.test.ts',
      'bench/src/**/*.test.mjs',
    ],
    globalSetup: ['scripts/build-before-tests.ts', 'scripts/node22-before-tests.ts'],
    testTimeout: 20_000,
    hookTimeout: 30_000,
    pool: 'forks',
  },
});
