import { defineConfig } from 'vitest/config';

/** Browser e2e: Playwright (playwright-core) drives Debian's Chromium against `serve`. */
export default defineConfig({
  test: {
    name: 'e2e',
    environment: 'node',
    include: ['e2e/**/*.spec.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});
