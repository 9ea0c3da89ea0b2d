/** Benchmark helpers: interleaved batches of two contenders, median per-iteration times, one JSON line. */

export interface Contender {
  /** Runs one scripted conversation; returns the milliseconds spent inside tools (excluded from the result). */
  run(): Promise<number>;
}

export interface PairResult {
  name: string;
  ours_ms: number;
  baseline: string;
  baseline_ms: number;
  ratio: number;
  /** The line's goal as its issue states it (ratio at most this). */
  target_ratio: number;
  /** How many side-by-side measurements the medians are taken over. */
  runs: number;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

async function batch(contender: Contender, runs: number, iterationsPerRun: number): Promise<number> {
  let toolMs = 0;
  const started = performance.now();
  for (let i = 0; i < runs; i++) toolMs += await contender.run();
  return (performance.now() - started - toolMs) / (runs * iterationsPerRun);
}

/**
 * Warms both up, then alternates batches (ours, baseline, ours, ...) so drift hits both alike, and reports the
 * median per-iteration time of each. `iterationsPerRun` = model requests per conversation.
 */
export async function comparePair(options: {
  name: string;
  baseline: string;
  /** The goal for `ratio`, as the line's issue states it. */
  targetRatio: number;
  ours: Contender;
  theirs: Contender;
  iterationsPerRun: number;
  warmupRuns: number;
  runsPerBatch: number;
  batches: number;
}): Promise<PairResult> {
  const { ours, theirs, iterationsPerRun: n } = options;
  for (let i = 0; i < options.warmupRuns; i++) {
    await ours.run();
    await theirs.run();
  }
  const oursTimes: number[] = [];
  const theirTimes: number[] = [];
  for (let b = 0; b < options.batches; b++) {
    oursTimes.push(await batch(ours, options.runsPerBatch, n));
    theirTimes.push(await batch(theirs, options.runsPerBatch, n));
  }
  const oursMs = median(oursTimes);
  const baselineMs = median(theirTimes);
  const round = (x: number) => Math.round(x * 10000) / 10000;
  return {
    name: options.name,
    ours_ms: round(oursMs),
    baseline: options.baseline,
    baseline_ms: round(baselineMs),
    ratio: Math.round((oursMs / baselineMs) * 1000) / 1000,
    target_ratio: options.targetRatio,
    runs: options.batches,
  };
}

/** A line measured three times: the run with the median ratio (with its extra figures), and the spread of the three. */
export type ThreeRunResult<T extends PairResult = PairResult> = T & {
  ratio_min: number;
  ratio_max: number;
  ours_min_ms: number;
  ours_max_ms: number;
  baseline_min_ms: number;
  baseline_max_ms: number;
};

/**
 * Runs `measure` three times and returns the run with the median ratio (`runs`: 3), with the min and max of the
 * three ratios and of each side's time: the spread says how much one figure can be trusted on this machine.
 */
export async function threeRuns<T extends PairResult>(measure: () => Promise<T>): Promise<ThreeRunResult<T>> {
  const results: T[] = [];
  for (let i = 0; i < 3; i++) results.push(await measure());
  const mid = [...results].sort((a, b) => a.ratio - b.ratio)[1];
  const pick = (key: (r: T) => number) => results.map(key);
  const ratios = pick((r) => r.ratio);
  const ours = pick((r) => r.ours_ms);
  const base = pick((r) => r.baseline_ms);
  return {
    ...mid,
    runs: 3,
    ratio_min: Math.min(...ratios),
    ratio_max: Math.max(...ratios),
    ours_min_ms: Math.min(...ours),
    ours_max_ms: Math.max(...ours),
    baseline_min_ms: Math.min(...base),
    baseline_max_ms: Math.max(...base),
  };
}

/** Prints one benchmark line as `npm run bench` collects them. */
export function printLine(line: object): void {
  process.stdout.write(`${JSON.stringify(line)}\n`);
}
