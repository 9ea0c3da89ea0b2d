/**
 * What the debugger costs when it does not stop: the engine loop (in process, the scripted in-memory brain of
 * engine.bench.ts, TOOL_TURNS tool turns and an answer) with a DebugSession whose breakpoints are set on a tool
 * that is never called, against the same loop with no breakpoints and no debugger attached. Per iteration,
 * tool time excluded; the debugger's gate runs before every tool and model call on the "ours" side. Both sides (in
 * debugger-contenders.ts) run as the app builds its code (as-built.ts): under tsx's keepNames each named closure
 * costs ~1 µs, and the debugger's side makes more of them per run (its session's callbacks), which the app's build
 * never pays; that alone was about the 0.001 ms the line missed by.
 */
import { importAsBuilt } from './as-built';
import { comparePair } from './harness';

/** The most this line may cost against the run without breakpoints (issue 12). */
const TARGET_RATIO = 1.05;

async function main() {
  const { debuggerContenders, ITERATIONS } =
    await importAsBuilt<typeof import('./debugger-contenders')>('bench/debugger-contenders.ts');
  const { ours, theirs } = await debuggerContenders();
  const result = await comparePair({
    name: 'debugger-breakpoints-not-hit',
    baseline: 'no breakpoints',
    targetRatio: TARGET_RATIO,
    ours,
    theirs,
    iterationsPerRun: ITERATIONS,
    // Both sides fully optimized before measuring (500 left tier-up to happen inside the batches of one side).
    warmupRuns: 3000,
    // Many short batches: on a loaded machine a median of many resists the bursts that skew a few long ones (201:
    // at 5 µs an iteration, 61 batches were 0.15 s of measuring, which one burst could move by 40%).
    runsPerBatch: 40,
    batches: 201,
  });
  process.stdout.write(`${JSON.stringify(result)}\n`);
}

main().catch((error) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
