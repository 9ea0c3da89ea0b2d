import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

/** Unit and integration tests: node for shared/ and src-main/, happy-dom for the renderer. */
export default defineConfig({
  test: {
    testTimeout: 20_000,
    hookTimeout: 30_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          include: [
            'shared/**/*.test.ts',
            'src-main/**/*.test.ts',
            'tests/**/*.test.ts',
            'examples/**/*.test.ts',
            'bench/**/*.test.ts',
          ],
        },
      },
      {
        extends: true,
        plugins: [react()],
        test: {
          name: 'renderer',
          environment: 'happy-dom',
          include: ['src-renderer/**/*.test.{ts,tsx}'],
        },
      },
    ],
  },
});
