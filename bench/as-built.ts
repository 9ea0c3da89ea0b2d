/**
 * Our code as the app ships it, for the side a bench measures as "ours". The benches run through tsx, which compiles
 * with esbuild's `keepNames`: every named closure our TypeScript makes (`const onAbort = () => ...`, an arrow in an
 * object literal) then calls `Object.defineProperty(fn, 'name')`, about 1 µs on Node 20, which the app's build
 * (scripts/build.js: esbuild, no keepNames) never pays, nor the peers' plain JavaScript from node_modules. The
 * module is bundled with the app's esbuild options (packages stay external, so both sides share one copy of each
 * library) into node_modules/.cache (where packages resolve), once per process, imported from there and deleted.
 */
import { createHash } from 'node:crypto';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Imports `entry` (a path from the repository's root) bundled as the app's build bundles the main process. */
export async function importAsBuilt<T>(entry: string): Promise<T> {
  const source = path.resolve(root, entry);
  const name = `${path.basename(entry).replace(/\.tsx?$/, '')}-${createHash('sha1').update(source).digest('hex').slice(0, 8)}-${process.pid}`;
  const outfile = path.join(root, 'node_modules', '.cache', 'persona-studio-bench', `${name}.mjs`);
  await build({
    entryPoints: [source],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: `node${process.versions.node.split('.')[0]}`,
    packages: 'external',
    sourcemap: false,
    logLevel: 'warning',
    absWorkingDir: root,
  });
  try {
    return (await import(pathToFileURL(outfile).href)) as T;
  } finally {
    // Loaded: the file is no longer needed (one per process, so concurrent benches never share one).
    await rm(outfile, { force: true });
  }
}
