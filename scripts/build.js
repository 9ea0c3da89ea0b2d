#!/usr/bin/env node
// `npm run build`: the renderer (vite -> dist/renderer), Electron's main (esbuild -> dist/main/main.cjs)
// and the preload (esbuild -> dist/preload/preload.cjs, one file: sandboxed preloads cannot require files).
//   node scripts/build.js [--if-missing] [--only renderer,main,preload] [--out DIR (main and preload only; default dist)]
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const ifMissing = args.includes('--if-missing');
const onlyArg = args.find((a, i) => args[i - 1] === '--only') ?? 'renderer,main,preload';
const only = new Set(onlyArg.split(','));
const out = path.resolve(args.find((a, i) => args[i - 1] === '--out') ?? path.join(root, 'dist'));

const outputs = {
  renderer: path.join(root, 'dist', 'renderer', 'index.html'),
  main: path.join(out, 'main', 'main.cjs'),
  preload: path.join(out, 'preload', 'preload.cjs'),
};

const common = {
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node22',
  external: ['electron'],
  sourcemap: true,
  logLevel: 'warning',
  absWorkingDir: root,
};

const steps = {
  renderer: () => {
    const r = spawnSync(
      process.execPath,
      [path.join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--logLevel', 'warn'],
      { cwd: root, stdio: 'inherit' },
    );
    if (r.status !== 0) throw new Error('vite build failed');
  },
  main: () =>
    build({
      ...common,
      entryPoints: ['src-main/electron/main.ts'],
      outfile: outputs.main,
      // Core modules are ESM and may read import.meta.url; in the CJS bundle it is this file's URL.
      banner: { js: "const __importMetaUrl = require('node:url').pathToFileURL(__filename).href;" },
      define: { 'import.meta.url': '__importMetaUrl' },
    }),
  preload: () =>
    build({ ...common, entryPoints: ['src-main/preload/preload.ts'], outfile: outputs.preload, sourcemap: false }),
};

for (const [name, step] of Object.entries(steps)) {
  if (!only.has(name)) continue;
  if (ifMissing && existsSync(outputs[name])) continue;
  const t0 = Date.now();
  try {
    await step();
  } catch (error) {
    process.stderr.write(`build ${name} failed: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  }
  process.stdout.write(`built ${name} -> ${outputs[name]} (${Date.now() - t0} ms)\n`);
}
