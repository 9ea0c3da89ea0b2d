/**
 * Large-result lines: every tool result carries `payloadChars` characters, over loopback HTTP (the requests grow by
 * one result per turn). Each contender runs in a child process of its own, so the peak memory is its own; both
 * children live side by side and the parent alternates them conversation by conversation (5 each at 1 MB, 3 at
 * 10 MB), each side's time the median of its conversations. Until 2026-12-01 each child ran one conversation, one
 * side after the other: its ratio ranged 0.3-2.8 from run to run on a busy machine.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { startScriptedOpenAIServer } from '../../src-main/core/testing/scripted-openai-server';
import type { PairResult } from '../harness';
import { serverReply, type Script } from './script';

interface ChildFigures {
  ms: number;
  peak_rss_mb: number;
  rss_before_mb: number;
  heap_peak_mb: number;
}

/** Conversations timed per child: enough for a median, few enough that a 10 MB line stays within seconds. */
const conversationsFor = (script: Script) => ((script.payloadChars ?? 0) > 4 * 1024 * 1024 ? 3 : 5);

/** A child running one side's conversations on command (see large-result-child.ts). */
class Child {
  private readonly child: ChildProcess;
  private readonly lines: AsyncIterator<string>;
  private err = '';

  constructor(
    private readonly side: string,
    url: string,
    private readonly script: Script,
  ) {
    this.child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        'bench/peers/large-result-child.ts',
        side,
        url,
        String(script.payloadChars),
        String(script.turns),
      ],
      { stdio: ['pipe', 'pipe', 'pipe'] },
    );
    this.child.stderr!.on('data', (c) => (this.err += c));
    this.lines = createInterface({ input: this.child.stdout! })[Symbol.asyncIterator]();
  }

  /** The child's next line as JSON; a child that exits first fails with its stderr. */
  async next<T>(): Promise<T> {
    const line = await this.lines.next();
    if (line.done) {
      const code = await new Promise((resolve) =>
        this.child.exitCode !== null ? resolve(this.child.exitCode) : this.child.once('close', resolve),
      );
      throw new Error(
        `${this.side} with ${this.script.payloadChars} characters per result failed (exit ${code}): ${this.err.trim()}`,
      );
    }
    return JSON.parse(line.value) as T;
  }

  send(command: 'run' | 'end'): void {
    this.child.stdin!.write(`${command}\n`);
  }

  kill(): void {
    if (this.child.exitCode === null) this.child.kill();
  }
}

/** Both sides' conversations, alternated: ours, theirs, ours, ... */
async function alternate(url: string, script: Script, baselineSide: string): Promise<[ChildFigures, ChildFigures]> {
  const children = [new Child('ours', url, script), new Child(baselineSide, url, script)];
  try {
    await Promise.all(children.map((c) => c.next<{ ready: true }>()));
    for (let i = 0; i < conversationsFor(script); i++)
      for (const child of children) {
        child.send('run');
        await child.next<{ ms: number }>();
      }
    const figures: ChildFigures[] = [];
    for (const child of children) {
      child.send('end');
      figures.push(await child.next<ChildFigures>());
    }
    return [figures[0], figures[1]];
  } finally {
    for (const child of children) child.kill();
  }
}

const round = (x: number, digits = 2) => Math.round(x * 10 ** digits) / 10 ** digits;

export type LargeResultLine = PairResult & {
  result_mb: number;
  ours_peak_rss_mb: number;
  baseline_peak_rss_mb: number;
  ours_heap_peak_mb: number;
  baseline_heap_peak_mb: number;
};

/** One side-by-side measurement: ours and the baseline, each in a fresh process, against one scripted server. */
export async function measureLargeResults(options: {
  name: string;
  baseline: string;
  baselineSide: 'ai-sdk' | 'agents-js';
  script: Script;
  targetRatio: number;
}): Promise<LargeResultLine> {
  const reply = serverReply(options.script);
  // The server forgets each request once answered: several conversations of 10 MB results would otherwise pile
  // up hundreds of MB of recorded bodies in this process while the children run.
  const server = await startScriptedOpenAIServer({
    replies: (request) => {
      const answer = reply(request);
      server.requests.length = 0;
      return answer;
    },
  });
  try {
    const [mine, theirs] = await alternate(server.url, options.script, options.baselineSide);
    return {
      name: options.name,
      ours_ms: round(mine.ms, 3),
      baseline: options.baseline,
      baseline_ms: round(theirs.ms, 3),
      ratio: round(mine.ms / theirs.ms, 3),
      target_ratio: options.targetRatio,
      runs: 1,
      result_mb: round((options.script.payloadChars ?? 0) / (1024 * 1024)),
      ours_peak_rss_mb: round(mine.peak_rss_mb, 1),
      baseline_peak_rss_mb: round(theirs.peak_rss_mb, 1),
      ours_heap_peak_mb: round(mine.heap_peak_mb, 1),
      baseline_heap_peak_mb: round(theirs.heap_peak_mb, 1),
    };
  } finally {
    await server.close();
  }
}
