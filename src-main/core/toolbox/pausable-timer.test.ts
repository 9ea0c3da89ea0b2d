import { describe, expect, it } from 'vitest';
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
