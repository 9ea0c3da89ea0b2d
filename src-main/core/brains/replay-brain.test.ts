import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { TraceEvent } from '../../../shared/domain/trace';
import { BrainError } from './brain-error';
import { ReplayBrain } from './replay-brain';

const base = { runId: 'r1', at: 0, iteration: 1 };
const events: TraceEvent[] = [
  { ...base, seq: 0, type: 'user_message', content: '12*9?' },
  {
    ...base,
    seq: 1,
    type: 'assistant_message',
    content: '',
    toolCalls: [{ id: 'call_1', name: 'evaluate_expression', arguments: { expression: '12*9' } }],
    final: false,
    durationMs: 5,
    raw: { request: { model: 'qwen2.5' }, response: { id: 'chatcmpl-1' } },
    warnings: ['a recorded warning'],
  },
  {
    ...base,
    seq: 2,
    type: 'tool_result',
    toolCallId: 'call_1',
    name: 'evaluate_expression',
    toolboxId: 'ovos-math-tools',
    arguments: { expression: '12*9' },
    result: { result: 108 },
    content: '108',
    durationMs: 1,
  },
  {
    ...base,
    seq: 3,
    iteration: 2,
    type: 'assistant_message',
    content: '12*9 is 108.',
    toolCalls: [],
    final: true,
    durationMs: 4,
    raw: null,
    warnings: [],
  },
];
const hi = [{ role: 'user' as const, content: 'anything' }];

describe('ReplayBrain', () => {
  it('plays the recorded assistant turns back in order: content, tool calls, raw, warnings', async () => {
    const brain = new ReplayBrain({ events });
    expect(brain.supportsTools).toBe(true);
    const first = await brain.continueChat(hi);
    expect(first).toEqual({
      role: 'assistant',
      content: '',
      toolCalls: [{ id: 'call_1', name: 'evaluate_expression', arguments: { expression: '12*9' } }],
      raw: { request: { model: 'qwen2.5' }, response: { id: 'chatcmpl-1' } },
      warnings: ['a recorded warning'],
    });
    const stream = brain.streamChat(hi);
    const deltas: string[] = [];
    let r = await stream.next();
    for (; !r.done; r = await stream.next()) deltas.push(r.value);
    expect(deltas.join('')).toBe('12*9 is 108.');
    expect(deltas.length).toBeGreaterThan(1);
    expect(r.value).toMatchObject({ content: '12*9 is 108.' });
    expect(r.value.toolCalls).toBeUndefined();
  });

  it('reads a session JSONL file (other lines skipped) and says when the recording is exhausted', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'replay-'));
    const file = join(dir, 'session.jsonl');
    writeFileSync(
      file,
      `${JSON.stringify({ kind: 'header', sessionId: 's1' })}\n${events.map((e) => JSON.stringify(e)).join('\n')}\n`,
    );
    const brain = new ReplayBrain({ sessionFile: file });
    expect(brain.remaining).toBe(2);
    await brain.continueChat(hi);
    await brain.continueChat(hi);
    const error = await brain.continueChat(hi).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BrainError);
    expect((error as BrainError).code).toBe('brain_bad_response');
    expect((error as BrainError).message).toMatch(/^Replay has no more recorded turns/);
  });

  it('plays a session whose last line was cut by a crash, and says which line it skipped', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'replay-'));
    const file = join(dir, 'session.jsonl');
    writeFileSync(file, `${events.map((e) => JSON.stringify(e)).join('\n')}\n{"runId":"r2","seq":0,"type":"run_sta`);
    const brain = new ReplayBrain({ session_file: file });
    expect(brain.remaining).toBe(2);
    const first = await brain.continueChat(hi);
    expect(first.warnings?.[0]).toBe(`Replay skipped 1 unreadable line(s) of ${file}: line ${events.length + 1}.`);
    expect((await brain.continueChat(hi)).warnings).not.toContain(first.warnings?.[0]);
  });

  it('a missing session file is a clear session_not_found', () => {
    expect(() => new ReplayBrain({ session_file: '/nonexistent/s.jsonl' })).toThrow(
      expect.objectContaining({ code: 'session_not_found' }),
    );
  });

  it('is deterministic: two brains over the same recording give identical turns', async () => {
    const a = new ReplayBrain({ events });
    const b = new ReplayBrain({ events });
    expect(await a.continueChat(hi)).toEqual(await b.continueChat([]));
    expect(await a.continueChat(hi)).toEqual(await b.continueChat([]));
  });
});
