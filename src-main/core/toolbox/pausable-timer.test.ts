import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { PausableTimer } from './pausable-timer';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('PausableTimer', () => {
  it('does not count the time it was paused, also across nested pauses', async () => {
    let fired = 0;
    const timer = new PausableTimer(80, () => fired++);
    await sleep(40);
    const resumeA = timer.pause();
    const resumeB = timer.pause();
    await sleep(120);
    resumeA();
    await sleep(60);
    expect(fired).toBe(0);
    resumeB();
    resumeB();
    await sleep(20);
    expect(fired).toBe(0);
    await sleep(60);
    expect(fired).toBe(1);
  });

  it('clear stops it for good', async () => {
    let fired = 0;
    const timer = new PausableTimer(20, () => fired++);
    timer.clear();
    await sleep(40);
    expect(fired).toBe(0);
  });
});

describe('PausableTimer timers share one Node timer', () => {
  it('fire in deadline order, equal deadlines in the order they started; cleared and paused ones do not', async () => {
    const fired: string[] = [];
    const later = new PausableTimer(60, () => fired.push('later'));
    const first = new PausableTimer(20, () => fired.push('first'));
    const cleared = new PausableTimer(30, () => fired.push('cleared'));
    const paused = new PausableTimer(30, () => fired.push('paused'));
    const resume = paused.pause();
    cleared.clear();
    const a = new PausableTimer(40, () => fired.push('a'));
    const b = new PausableTimer(40, () => fired.push('b'));
    await sleep(100);
    expect(fired).toEqual(['first', 'a', 'b', 'later']);
    resume();
    await sleep(60);
    expect(fired).toEqual(['first', 'a', 'b', 'later', 'paused']);
    for (const t of [later, first, a, b]) t.clear();
  });

  it('calls one after another start no setTimeout each (one for all, while their deadlines come later)', () => {
    const real = globalThis.setTimeout;
    let started = 0;
    globalThis.setTimeout = ((...args: Parameters<typeof setTimeout>) => {
      started++;
      return real(...args);
    }) as typeof setTimeout;
    try {
      for (let i = 0; i < 100; i++) {
        const call = new PausableTimer(30_000, () => undefined);
        const server = new PausableTimer(30_000, () => undefined);
        server.clear();
        call.clear();
      }
    } finally {
      globalThis.setTimeout = real;
    }
    expect(started).toBeLessThanOrEqual(1);
  });

  it('a running timer keeps the process alive, a cleared one does not', () => {
    const module = new URL('./pausable-timer.ts', import.meta.url).pathname;
    const script = (body: string) =>
      spawnSync(
        process.execPath,
        [
          '--import',
          'tsx',
          '--input-type=module',
          '-e',
          `import { PausableTimer } from ${JSON.stringify(module)};\n${body}`,
        ],
        {
          encoding: 'utf8',
          timeout: 20_000,
        },
      );
    const t0 = performance.now();
    const cleared = script("new PausableTimer(60_000, () => console.log('fired')).clear(); console.log('done');");
    expect(cleared.stdout.trim()).toBe('done');
    expect(performance.now() - t0).toBeLessThan(15_000);
    const kept = script("new PausableTimer(300, () => console.log('fired'));");
    expect(kept.stdout.trim()).toBe('fired');
  });
});
