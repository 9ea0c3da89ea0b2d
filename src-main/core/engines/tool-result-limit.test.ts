import { describe, expect, it } from 'vitest';
import type { TraceEvent } from '../../../shared/domain/trace';
import { DEFAULT_MAX_TOOL_RESULT_CHARS } from './loop-context';
import { NativeToolCallEngine } from './native-loop';
import { RunTracer } from './run-tracer';
import { fixtureRegistry } from './testing/fixture-toolboxes';
import { ScriptedBrain } from './testing/scripted-brain';
import { limitToolResult } from './tool-step';

describe('tool results past max_tool_result_chars', () => {
  it('are cut with a marker the model sees and a trace warning; the trace keeps the whole result', async () => {
    const { registry } = await fixtureRegistry();
    const brain = new ScriptedBrain([
      { toolCalls: [{ id: 'c1', name: 'calc', arguments: { a: 1, b: 2 } }] },
      { content: 'done' },
    ]);
    const events: TraceEvent[] = [];
    const tracer = new RunTracer('run-1', (e) => events.push(e));
    await new NativeToolCallEngine({ brain, registry, maxToolResultChars: 5 }).run([{ role: 'user', content: 'x' }], {
      tracer,
    });
    const cut =
      "{\"res\n[The tool's result was 12 characters; only the first 5 are kept (the engine's max_tool_result_chars setting).]";
    expect(brain.calls[1].messages.at(-1)).toMatchObject({ role: 'tool', content: cut });
    expect(events.find((e) => e.type === 'tool_result')).toMatchObject({ content: cut, result: { result: 3 } });
    expect(events.find((e) => e.type === 'loop_notice')).toMatchObject({
      reason: 'limit_reached',
      limit: 'max_tool_result_chars',
      toolCallId: 'c1',
      message:
        "The result of 'calc' has 12 characters of text; the model got the first 5 and a note saying so. The trace keeps the whole result.",
    });
  });

  it('default to 32,000 characters, and results under it are untouched', () => {
    expect(DEFAULT_MAX_TOOL_RESULT_CHARS).toBe(32_000);
    expect(limitToolResult('x'.repeat(DEFAULT_MAX_TOOL_RESULT_CHARS), DEFAULT_MAX_TOOL_RESULT_CHARS)).toBeNull();
    const fifty = 'y'.repeat(50 * 1024 * 1024);
    expect(limitToolResult(fifty, DEFAULT_MAX_TOOL_RESULT_CHARS)!.length).toBeLessThan(
      DEFAULT_MAX_TOOL_RESULT_CHARS + 200,
    );
  });
});
