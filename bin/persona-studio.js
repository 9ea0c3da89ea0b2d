#!/usr/bin/env node
// The CLI entry: runs the TypeScript sources through tsx, so no build step is needed.
import { register } from 'tsx/esm/api';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

register();
const here = path.dirname(fileURLToPath(import.meta.url));
const { main } = await import(path.join(here, '..', 'src-main', 'cli', 'index.ts'));
process.exitCode = await main(process.argv.slice(2));
