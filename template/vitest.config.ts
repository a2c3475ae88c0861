import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    // The end-to-end tests start the built server as a child process.
    testTimeout: 20_000,
  },
});
