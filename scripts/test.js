#!/usr/bin/env node
// `npm test`: every check in order (format, typecheck, lint, unit + integration, renderer build, e2e); stops at the
// first failure and ends with one `N passed, N failed` line counting the tests run.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';

const steps = [
  ['format', 'npx', ['prettier', '--check', '.', '--log-level', 'warn']],
  ['typecheck', 'npm', ['run', '-s', 'typecheck']],
  ['lint', 'npx', ['eslint', '.', '--max-warnings', '0']],
  ['unit + integration', 'npx', ['vitest', 'run'], true],
];
const hasE2e = existsSync('e2e') && readdirSync('e2e').some((f) => f.endsWith('.spec.ts'));
if (hasE2e) {
  steps.push(['build renderer', 'npx', ['vite', 'build', '--logLevel', 'warn']]);
  steps.push(['e2e (Chromium)', 'npx', ['vitest', 'run', '-c', 'vitest.e2e.config.ts'], true]);
}

const totals = { passed: 0, failed: 0, skipped: 0 };
// eslint-disable-next-line no-control-regex
const plain = (s) => s.replace(/\x1b\[[0-9;]*m/g, '');

/** Runs one step, echoing its output; for vitest steps, adds its `Tests  N passed | M failed` counts. */
function run(cmd, args, counts) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, {
      stdio: ['ignore', 'pipe', 'inherit'],
      env: { ...process.env, ...(process.env.CI ? { NO_COLOR: '1', FORCE_COLOR: '0' } : {}) },
    });
    let tail = '';
    child.stdout.on('data', (chunk) => {
      process.stdout.write(chunk);
      tail = (tail + chunk.toString()).slice(-4000);
    });
    child.on('close', (code) => {
      if (counts) {
        const line =
          plain(tail)
            .split('\n')
            .find((l) => /^\s*Tests\s+/.test(l)) ?? '';
        for (const key of Object.keys(totals)) {
          const m = line.match(new RegExp(`(\\d+) ${key}`));
          if (m) totals[key] += Number(m[1]);
        }
      }
      resolve(code ?? 1);
    });
  });
}

const started = Date.now();
let failedStep = null;
for (const [name, cmd, args, counts] of steps) {
  const t0 = Date.now();
  process.stdout.write(`\n=== ${name}\n`);
  const code = await run(cmd, args, counts);
  const secs = ((Date.now() - t0) / 1000).toFixed(1);
  if (code !== 0) {
    process.stdout.write(`\n✗ ${name} failed after ${secs} s\n`);
    failedStep = name;
    if (totals.failed === 0) totals.failed = 1;
    break;
  }
  process.stdout.write(`✓ ${name} (${secs} s)\n`);
}
process.stdout.write(
  `\n${failedStep ? `Stopped at: ${failedStep}` : 'All checks passed'} in ${((Date.now() - started) / 1000).toFixed(0)} s\n`,
);
process.stdout.write(
  `${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}\n`,
);
process.exit(failedStep ? 1 : 0);
