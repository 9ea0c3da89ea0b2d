import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineTool } from './agent-tool';
import { CancelledError } from '../errors';
import { executeToolCall } from './execute-tool-call';
import { ToolRegistry } from './tool-registry';
import { addTool, addWith, FailingTools, MathTools, ScriptedTools } from './test-fixtures';

const slowAdd = (ms: number, seen: { signal?: AbortSignal } = {}) =>
  addWith(
    (args, ctx) =>
      new Promise((resolve) => {
        seen.signal = ctx.signal;
        setTimeout(() => resolve({ result: (args.a as number) + (args.b as number) }), ms);
      }),
  );

describe('executeToolCall', () => {
  it('returns the validated result and its JSON as the text for the model', async () => {
    const out = await executeToolCall(new ToolRegistry([new MathTools()]), 'add', { a: '3', b: 4 });
    expect(out).toMatchObject({ ok: true, result: { result: 7 }, content: '{"result":7}', toolboxId: 'math_tools' });
    expect(out.durationMs).toBeGreaterThanOrEqual(0);
  });

  it('an unknown tool is a tool_not_found value with OVOS loop text', async () => {
    const out = await executeToolCall(new ToolRegistry([new MathTools()]), 'missing', {});
    expect(out).toMatchObject({
      ok: false,
      error: { code: 'tool_not_found', message: "Tool 'missing' is not offered by any toolbox of this persona." },
      content: "Error: tool 'missing' not found.",
      toolboxId: null,
    });
  });

  it('finds a tool that appears on a lazy refresh', async () => {
    const late = new ScriptedTools((call) => (call === 1 ? [] : [addTool]));
    const out = await executeToolCall(new ToolRegistry([new FailingTools(), late]), 'add', { a: 1, b: 1 });
    expect(out).toMatchObject({ ok: true, result: { result: 2 }, toolboxId: 'scripted_tools' });
  });

  it('input errors come back with their issues so the model can fix its arguments', async () => {
    const out = await executeToolCall(new ToolRegistry([new MathTools()]), 'add', { a: 'x', b: 2 });
    expect(out.ok).toBe(false);
    if (out.ok) return;
    expect(out.error.code).toBe('tool_input_invalid');
    expect(out.error.message).toBe("Tool input validation failed for 'add' in ToolBox 'math_tools'");
    expect(out.content).toMatch(
      /^Error: tool 'add' failed: Tool input validation failed for 'add' in ToolBox 'math_tools' \(a: .+\)$/,
    );
  });

  it('execution errors carry their cause in the text', async () => {
    const out = await executeToolCall(new ToolRegistry([new FailingTools()]), 'fail', {});
    expect(out).toMatchObject({
      ok: false,
      error: {
        code: 'tool_execution_failed',
        message: "Tool execution failed for 'fail' in ToolBox 'failing_tools'",
        details: { cause: 'boom' },
      },
      content: "Error: tool 'fail' failed: Tool execution failed for 'fail' in ToolBox 'failing_tools': boom",
      toolboxId: 'failing_tools',
    });
  });

  it('reaches a renamed tool by its model name', async () => {
    const other = new ScriptedTools(() => [addWith(() => ({ result: -1 }))], { toolboxId: 'other' });
    const registry = new ToolRegistry([new MathTools(), other]);
    await registry.ready();
    expect(await executeToolCall(registry, 'other__add', { a: 1, b: 2 })).toMatchObject({
      ok: true,
      result: { result: -1 },
      toolboxId: 'other',
    });
    expect(await executeToolCall(registry, 'math_tools__add', { a: 1, b: 2 })).toMatchObject({
      ok: true,
      result: { result: 3 },
    });
  });

  it('times out a slow tool with tool_timeout and aborts its signal', async () => {
    const seen: { signal?: AbortSignal } = {};
    const registry = new ToolRegistry([new ScriptedTools(() => [slowAdd(2000, seen)])]);
    const started = Date.now();
    const out = await executeToolCall(registry, 'add', { a: 1, b: 2 }, { timeoutMs: 50 });
    expect(Date.now() - started).toBeLessThan(1000);
    expect(out).toMatchObject({
      ok: false,
      error: { code: 'tool_timeout', message: "Tool 'add' in ToolBox 'scripted_tools' timed out after 0.05 s" },
      content: "Error: tool 'add' failed: Tool 'add' in ToolBox 'scripted_tools' timed out after 0.05 s",
    });
    expect(seen.signal?.aborted).toBe(true);
  });

  it('a fast tool under a timeout is unaffected', async () => {
    const registry = new ToolRegistry([new ScriptedTools(() => [slowAdd(5)])]);
    expect(await executeToolCall(registry, 'add', { a: 1, b: 2 }, { timeoutMs: 1000 })).toMatchObject({
      ok: true,
      result: { result: 3 },
    });
  });

  it('cancellation throws CancelledError, before or during the call, and aborts the tool', async () => {
    const registry = new ToolRegistry([new ScriptedTools(() => [slowAdd(2000)])]);
    const pre = new AbortController();
    pre.abort();
    await expect(executeToolCall(registry, 'add', { a: 1, b: 2 }, { signal: pre.signal })).rejects.toBeInstanceOf(
      CancelledError,
    );

    const seen: { signal?: AbortSignal } = {};
    const during = new ToolRegistry([new ScriptedTools(() => [slowAdd(2000, seen)])]);
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 30);
    const started = Date.now();
    await expect(executeToolCall(during, 'add', { a: 1, b: 2 }, { signal: controller.signal })).rejects.toBeInstanceOf(
      CancelledError,
    );
    expect(Date.now() - started).toBeLessThan(1000);
    expect(seen.signal?.aborted).toBe(true);
  });

  it('a tool that never settles and ignores its signal is abandoned at the timeout', async () => {
    const registry = new ToolRegistry([new ScriptedTools(() => [addWith(() => new Promise(() => undefined))])]);
    const started = Date.now();
    const out = await executeToolCall(registry, 'add', { a: 1, b: 2 }, { timeoutMs: 50 });
    expect(Date.now() - started).toBeLessThan(1000);
    expect(out).toMatchObject({ ok: false, error: { code: 'tool_timeout' } });
  });

  it('output with values JSON cannot carry (BigInt, cycles, Date, Map, NaN, undefined) still serializes', async () => {
    const circular: Record<string, unknown> = { name: 'loop' };
    circular.self = circular;
    const shared = { n: 1 };
    const weird = defineTool({
      name: 'weird',
      description: 'Returns JavaScript values.',
      argumentSchema: z.object({}),
      outputSchema: z.looseObject({ when: z.date(), big: z.bigint() }),
      toolCall: () => ({
        when: new Date(0),
        big: 12n,
        huge: 2n ** 70n,
        nan: NaN,
        missing: undefined,
        list: [undefined, Infinity, shared, shared],
        map: new Map<unknown, unknown>([[1, 'one']]),
        set: new Set(['a']),
        circular,
        error: new RangeError('bad'),
      }),
    });
    const out = await executeToolCall(new ToolRegistry([new ScriptedTools(() => [weird])]), 'weird', {});
    expect(out.ok).toBe(true);
    if (!out.ok) return;
    const expected = {
      when: '1970-01-01T00:00:00.000Z',
      big: 12,
      huge: '1180591620717411303424',
      nan: null,
      list: [null, null, { n: 1 }, { n: 1 }],
      map: { 1: 'one' },
      set: ['a'],
      circular: { name: 'loop', self: '[Circular]' },
      error: { name: 'RangeError', message: 'bad' },
    };
    expect(out.result).toEqual(expected);
    expect(JSON.parse(out.content)).toEqual(expected);
  });
});
