#!/usr/bin/env node
// `npm test`: every check in order (typecheck, lint, unit + integration, renderer build, e2e); stops at the first failure.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';

const steps = [
  ['typecheck', 'npm', ['run', '-s', 'typecheck']],
  ['lint', 'npx', ['eslint', '.', '--max-warnings', '0']],
  ['unit + integration', 'npx', ['vitest', 'run']],
];
const hasE2e = existsSync('e2e') && readdirSync('e2e').some((f) => f.endsWith('.spec.ts'));
if (hasE2e) {
  steps.push(['build renderer', 'npx', ['vite', 'build', '--logLevel', 'warn']]);
  steps.push(['e2e (Chromium)', 'npx', ['vitest', 'run', '-c', 'vitest.e2e.config.ts']]);
}

const started = Date.now();
for (const [name, cmd, args] of steps) {
  const t0 = Date.now();
  process.stdout.write(`\n=== ${name}\n`);
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, FORCE_COLOR: process.env.CI ? '0' : process.env.FORCE_COLOR } });
  const secs = ((Date.now() - t0) / 1000).toFixed(1);
  if (r.status !== 0) {
    process.stdout.write(`\n✗ ${name} failed after ${secs} s\n`);
    process.exit(r.status ?? 1);
  }
  process.stdout.write(`✓ ${name} (${secs} s)\n`);
}
process.stdout.write(`\nAll checks passed in ${((Date.now() - started) / 1000).toFixed(0)} s\n`);
