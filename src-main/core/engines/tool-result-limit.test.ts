import { describe, expect, it } from 'vitest';
import { DEFAULT_MAX_TOOL_RESULT_CHARS } from './loop-context';
import { NativeToolCallEngine } from './native-loop';
import { fixtureRegistry } from './testing/fixture-toolboxes';
import { ScriptedBrain } from './testing/scripted-brain';
import { limitToolResult } from './tool-step';
import { traced } from './testing/traced';

describe('tool results past max_tool_result_chars', () => {
  it('are cut with a note that the model and the trace both see; the rest goes nowhere', async () => {
    const { registry } = await fixtureRegistry();
    const brain = new ScriptedBrain([
      { toolCalls: [{ id: 'c1', name: 'calc', arguments: { a: 1, b: 2 } }] },
      { content: 'done' },
    ]);
    const { events, tracer } = traced();
    await new NativeToolCallEngine({ brain, registry, maxToolResultChars: 5 }).run([{ role: 'user', content: 'x' }], {
      tracer,
    });
    const cut =
      "{\"res\n[The tool's result was 12 characters; only the first 5 are kept (the engine's max_tool_result_chars setting).]";
    expect(brain.calls[1].messages.at(-1)).toMatchObject({ role: 'tool', content: cut });
    expect(events.find((e) => e.type === 'tool_result')).toMatchObject({
      content: cut,
      result: { truncated: true },
    });
  });

  it('have a generous default, and results under it are untouched', () => {
    expect(DEFAULT_MAX_TOOL_RESULT_CHARS).toBe(1024 * 1024);
    expect(limitToolResult('x'.repeat(DEFAULT_MAX_TOOL_RESULT_CHARS), DEFAULT_MAX_TOOL_RESULT_CHARS)).toBeNull();
    const fifty = 'y'.repeat(50 * 1024 * 1024);
    expect(limitToolResult(fifty, DEFAULT_MAX_TOOL_RESULT_CHARS)!.length).toBeLessThan(
      DEFAULT_MAX_TOOL_RESULT_CHARS + 200,
    );
  });
});
