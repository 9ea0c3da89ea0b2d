/**
 * Large-result lines: every tool result carries `payloadChars` characters, over loopback HTTP (the requests grow by
 * one result per turn). Each contender runs in a child process of its own, so the peak memory is its own, and
 * times the median of several conversations there (5 at 1 MB, 3 at 10 MB; until 2026-12-01 one, whose ratio
 * ranged 0.3-2.8 from run to run on a busy machine).
 */
import { spawn } from 'node:child_process';
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

function runChild(side: string, url: string, script: Script): Promise<ChildFigures> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        'bench/peers/large-result-child.ts',
        side,
        url,
        String(script.payloadChars),
        String(script.turns),
        String(conversationsFor(script)),
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let out = '';
    let err = '';
    child.stdout.on('data', (c) => (out += c));
    child.stderr.on('data', (c) => (err += c));
    child.on('close', (code) => {
      if (code === 0) resolve(JSON.parse(out.trim().split('\n').pop()!) as ChildFigures);
      else
        reject(
          new Error(`${side} with ${script.payloadChars} characters per result failed (exit ${code}): ${err.trim()}`),
        );
    });
  });
}

const round = (x: number, digits = 2) => Math.round(x * 10 ** digits) / 10 ** digits;

export type LargeResultLine = PairResult & {
  result_mb: number;
  ours_peak_rss_mb: number;
  baseline_peak_rss_mb: number;
  ours_heap_peak_mb: number;
  baseline_heap_peak_mb: number;
};

/** One side-by-side measurement: ours, then the baseline, each in a fresh process against one scripted server. */
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
    const mine = await runChild('ours', server.url, options.script);
    server.requests.length = 0;
    const theirs = await runChild(options.baselineSide, server.url, options.script);
    server.requests.length = 0;
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
