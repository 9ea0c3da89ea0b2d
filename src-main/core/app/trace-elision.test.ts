import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TraceEvent } from '../../../shared/domain/trace';
import { SessionStore } from '../sessions';
import { elideForWindow, MAX_WINDOW_FIELD_CHARS, windowEvent } from './trace-elision';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'trace-elision-'));
});
afterEach(async () => {
  vi.restoreAllMocks();
  await rm(dir, { recursive: true, force: true });
});

const toolResult = (seq: number, result: unknown, content: string): TraceEvent =>
  ({
    runId: 'run_1',
    seq,
    at: 1,
    iteration: 1,
    type: 'tool_result',
    toolCallId: `call_${seq}`,
    name: 'add',
    toolboxId: 'bench-tools',
    arguments: { a: seq, b: 1 },
    result,
    content,
    durationMs: 0,
  }) as TraceEvent;

describe('an appended event as a window is sent it', () => {
  it('is sent as it is without serializing its fields again when its stored line is small', async () => {
    const store = new SessionStore(dir);
    const event = toolResult(0, { result: 2 }, '{"result":2}');
    await store.append('s1', event);
    const stringify = vi.spyOn(JSON, 'stringify');
    const shown = windowEvent(store, event);
    expect(stringify).not.toHaveBeenCalled();
    expect(shown).toBe(event);
  });

  it('still cuts a field past the limit that its stored line holds whole', async () => {
    const store = new SessionStore(dir);
    // A structured result unlike its text: stored in the line itself, so the line is past the limit.
    const event = toolResult(0, { rows: 'r'.repeat(MAX_WINDOW_FIELD_CHARS + 10) }, 'summary');
    await store.append('s1', event);
    const shown = windowEvent(store, event);
    expect(shown.elided).toEqual(['result']);
    expect(shown).toEqual(elideForWindow(store.forWindow(event)));
  });
});
