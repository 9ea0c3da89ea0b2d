import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TraceEvent } from '../shared/domain/trace';
import { OpenAIBrain } from '../src-main/core/brains/openai/openai-brain';
import { type RunOutcome } from '../src-main/core/app/run-chat';
import type { ScriptedReply } from '../src-main/core/testing/scripted-openai-server';
import { fixtureRuntime, startFixtureRun } from '../src-main/core/app/testing/fixture-runtime';

/**
 * Cancelled and timed-out runs over real HTTP leave nothing behind: no timer, no socket. The scripted server runs
 * in its own process, so this process's active resources are the client's only.
 */

let child: ChildProcess;
let url: string;
beforeAll(async () => {
  child = spawn(
    process.execPath,
    ['--import', 'tsx', 'src-main/core/testing/scripted-openai-server-cli.ts', '--loop'],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const [line] = (await once(createInterface({ input: child.stdout! }), 'line')) as [string];
  url = line.trim();
});
afterAll(async () => {
  child.kill('SIGTERM');
  if (child.exitCode === null) await once(child, 'exit');
});

/** Replaces the server's script (played in a loop). */
async function script(...replies: ScriptedReply[]) {
  const response = await fetch(`${url.replace(/\/v1$/, '')}/__script/replies`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(replies),
  });
  expect(response.status).toBe(200);
  await response.text();
}

const count = (type: string) => process.getActiveResourcesInfo().filter((t) => t === type).length;
const settle = (ms = 150) => new Promise((resolve) => setTimeout(resolve, ms));

async function run(options: {
  cancelAfterMs?: number;
  brainTimeoutS?: number;
  toolTimeoutMs?: number;
  stream?: boolean;
}) {
  const brain = new OpenAIBrain({ model: 'm', api_url: url, timeout: options.brainTimeoutS ?? 10 });
  const { runtime, toolbox } = await fixtureRuntime(brain, {
    maxIterations: 2,
    toolTimeoutMs: options.toolTimeoutMs ?? 0,
    systemPrompt: null,
  });
  const { handle, events } = startFixtureRun(runtime, 'go', { personaName: 'P' });
  let cancelledAt = 0;
  if (options.cancelAfterMs !== undefined) {
    setTimeout(() => {
      cancelledAt = performance.now();
      handle.cancel();
    }, options.cancelAfterMs);
  }
  const outcome: RunOutcome = await handle.done;
  return { outcome, events, settledAfterCancelMs: performance.now() - cancelledAt, toolbox };
}

function expectGaplessTrace(events: TraceEvent[]) {
  expect(events.map((e) => e.seq)).toEqual(events.map((_, i) => i));
  expect(TERMINAL.includes(events.at(-1)!.type)).toBe(true);
  expect(events.filter((e) => TERMINAL.includes(e.type))).toHaveLength(1);
}
const TERMINAL: string[] = ['run_finished', 'run_failed', 'run_cancelled'];

describe('cancelled and timed-out runs over HTTP', () => {
  it('50 runs cancelled while waiting, while streaming, in a tool, or timed out leave no timer or socket behind', async () => {
    await settle();
    const timers = count('Timeout');
    // Each run makes exactly one request, so run i gets reply i % 5.
    await script(
      { hang: true },
      { content: 'one two three four five six seven eight nine ten', chunkDelayMs: 40 },
      { toolCalls: [{ name: 'sleepy', arguments: {} }] },
      { delayMs: 5000, content: 'late' },
      {
        sse: [
          {
            id: 'x',
            object: 'chat.completion.chunk',
            choices: [{ index: 0, delta: { content: 'stall' }, finish_reason: null }],
          },
        ],
        chunkDelayMs: 5000,
      },
    );
    const statuses: Record<string, number> = {};
    for (let i = 0; i < 50; i++) {
      const timedOut = i % 10 === 9;
      const { outcome, events, settledAfterCancelMs } = await run(
        timedOut ? { brainTimeoutS: 0.1 } : { cancelAfterMs: 60 },
      );
      statuses[outcome.status] = (statuses[outcome.status] ?? 0) + 1;
      expectGaplessTrace(events);
      if (!timedOut) expect(settledAfterCancelMs).toBeLessThan(200);
    }
    expect(statuses).toEqual({ cancelled: 45, failed: 5 });
    await settle(300);
    expect(count('Timeout')).toBeLessThanOrEqual(timers);
    expect(count('TCPSocketWrap')).toBe(0);
  });

  it('cancelling during a stream stops reading: the connection closes at once', async () => {
    await settle();
    await script({ content: Array.from({ length: 200 }, (_, i) => `w${i}`).join(' '), chunkDelayMs: 20 });
    const { outcome, events } = await run({ cancelAfterMs: 100 });
    expect(outcome.status).toBe('cancelled');
    const deltas = events.filter((e) => e.type === 'answer_delta').length;
    expect(deltas).toBeGreaterThan(0);
    expect(deltas).toBeLessThan(20);
    // The connection is gone right after the cancel (not left reading the rest of the stream).
    await settle(50);
    expect(count('TCPSocketWrap')).toBe(0);
  });

  it('a per-tool timeout abandons a tool that never settles, and the run goes on', async () => {
    await script({ toolCalls: [{ name: 'sleepy', arguments: {} }] }, { content: 'done' });
    const started = performance.now();
    const { outcome, events, toolbox } = await run({ toolTimeoutMs: 100 });
    expect(performance.now() - started).toBeLessThan(2000);
    expect(outcome).toEqual({ status: 'finished', answer: 'done' });
    expect(events.find((e) => e.type === 'tool_error')).toMatchObject({ error: { code: 'tool_timeout' } });
    expect(toolbox.callLog.map((c) => c.name)).toEqual(['sleepy']);
    expectGaplessTrace(events);
  });
});
