/** Runs a side-by-side measurement three times and prints one line: the median ratio's run, with min and max. */
import type { PairResult } from './harness';

/** A line: the median run's figures (and any extra ones it has: sizes, peak memory), the ratios' min and max. */
export type ThreeRunResult<T extends PairResult = PairResult> = T & { ratio_min: number; ratio_max: number };

const median = <T>(items: T[], key: (t: T) => number): T => [...items].sort((a, b) => key(a) - key(b))[1];

/** `measure` three times; the line is the run with the median ratio, `runs` 3, and the ratios' min and max. */
export async function threeRuns<T extends PairResult>(measure: () => Promise<T>): Promise<ThreeRunResult<T>> {
  const results: T[] = [];
  for (let i = 0; i < 3; i++) results.push(await measure());
  const mid = median(results, (r) => r.ratio);
  const ratios = results.map((r) => r.ratio);
  return { ...mid, runs: 3, ratio_min: Math.min(...ratios), ratio_max: Math.max(...ratios) };
}

/** Prints a line as `npm run bench` does. */
export function printLine(line: object): void {
  process.stdout.write(`${JSON.stringify(line)}\n`);
}
