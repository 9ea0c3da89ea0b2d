#!/usr/bin/env node
// `npm run bench`: runs every bench/*.bench.ts through tsx, one after another, and prints their JSON lines.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';

const files = readdirSync('bench')
  .filter((f) => f.endsWith('.bench.ts'))
  .sort();
let failed = 0;
for (const file of files) {
  process.stderr.write(`# bench/${file}\n`);
  const r = spawnSync(process.execPath, ['--import', 'tsx', `bench/${file}`], {
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  if (r.status !== 0) {
    process.stderr.write(`# bench/${file} failed (exit ${r.status ?? r.signal})\n`);
    failed++;
  }
}
process.exit(failed ? 1 : 0);
