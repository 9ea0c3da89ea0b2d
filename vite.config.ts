import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/** Builds the renderer into dist/renderer; served by Electron (file) and by `serve` (HTTP). */
export default defineConfig({
  root: 'src-renderer',
  base: './',
  plugins: [react()],
  // One bundle read from disk or loopback: chunk size is not a network cost here.
  build: {
    outDir: '../dist/renderer',
    emptyOutDir: true,
    sourcemap: true,
    target: 'es2022',
    chunkSizeWarningLimit: 2500,
  },
});
