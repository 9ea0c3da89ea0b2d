import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { setLogSink } from '../log';
import { InProcessBus } from '../bus/in-process-bus';
import { defineTool, type AgentTool } from './agent-tool';
import { ToolArguments, ToolOutput } from './schema';
import { ToolBox } from './toolbox';
import { ToolExecutionError, ToolInputError } from './tool-errors';
import { addTool, addWith, FailingTools, MathTools, ScriptedTools } from './test-fixtures';

afterEach(() => setLogSink(null));

async function mathTools(options?: ConstructorParameters<typeof MathTools>[0]) {
  const tb = new MathTools(options);
  await tb.ready;
  return tb;
}

async function rejection(promise: Promise<unknown>): Promise<
  Error & {
    code?: string;
    details?: { issues?: { path: unknown[]; message: string }[]; cause?: string };
    pythonType?: string;
  }
> {
  try {
    await promise;
  } catch (error) {
    return error as never;
  }
  throw new Error('expected a rejection');
}

describe('ToolBox construction (#1, #3)', () => {
  it('discovers its tools; bus null and config {} by default; a given config is kept', async () => {
    const tb = await mathTools();
    expect([...tb.tools.keys()]).toEqual(['add']);
    expect(tb.bus).toBeNull();
    expect(tb.config).toEqual({});
    expect((await mathTools({ config: { answer: 42 } })).config).toEqual({ answer: 42 });
  });

  it('takes its id from the constructor, else the static defaultId; no id is a TypeError', async () => {
    expect((await mathTools()).toolboxId).toBe('math_tools');
    expect((await mathTools({ toolboxId: 'multi_tools_server_a' })).toolboxId).toBe('multi_tools_server_a');
    class NoId extends ToolBox {
      discoverTools() {
        return [];
      }
    }
    expect(() => new NoId()).toThrow(TypeError);
    expect(() => new NoId()).toThrow(/NoId needs a toolbox_id/);
    expect(new NoId({ toolboxId: 'no_override_tools' }).toolboxId).toBe('no_override_tools');
  });

  it('binds to a bus given at construction', async () => {
    const bus = new InProcessBus();
    expect((await mathTools({ bus })).bus).toBe(bus);
  });

  it('waits for async discovery through ready', async () => {
    const tb = new ScriptedTools(async () => {
      await new Promise((r) => setTimeout(r, 20));
      return [addTool];
    });
    expect(tb.tools.size).toBe(0);
    await tb.ready;
    expect([...tb.tools.keys()]).toEqual(['add']);
  });
});

describe('discovery errors (#2, #12)', () => {
  it('a discovery error at construction is swallowed, logged once at debug, and leaves no tools', async () => {
    const lines: [string, string, string][] = [];
    setLogSink((level, scope, message) => lines.push([level, scope, message]));
    const tb = new ScriptedTools(() => {
      throw new Error('server down');
    });
    await expect(tb.ready).resolves.toBeUndefined();
    expect(tb.tools.size).toBe(0);
    expect(tb.toolJsonList).toEqual([]);
    expect(tb.discoveryError?.message).toBe('server down');
    expect(lines).toEqual([['debug', 'toolbox', "discovery failed for toolbox 'scripted_tools': server down"]]);
  });

  it('retries discovery on the first getTool after a failed construction', async () => {
    setLogSink(() => undefined);
    const tb = new ScriptedTools((call) => {
      if (call === 1) throw new Error('not yet');
      return [addTool];
    });
    await tb.ready;
    expect(tb.tools.size).toBe(0);
    expect((await tb.getTool('add'))?.name).toBe('add');
    expect(tb.discoverCalls).toBe(2);
    expect(tb.discoveryError).toBeNull();
  });

  it('refreshTools lets the discovery error propagate; getTool too', async () => {
    setLogSink(() => undefined);
    const tb = new ScriptedTools(() => {
      throw new Error('still down');
    });
    await tb.ready;
    await expect(tb.refreshTools()).rejects.toThrow('still down');
    await expect(tb.getTool('add')).rejects.toThrow('still down');
  });

  it('refreshTools rebuilds a cleared cache; getTool refreshes lazily; an unknown tool is null', async () => {
    const tb = await mathTools();
    tb.tools.clear();
    await tb.refreshTools();
    expect(tb.tools.has('add')).toBe(true);
    tb.tools.clear();
    expect((await tb.getTool('add'))?.name).toBe('add');
    const before = tb.discoverCalls;
    expect(await tb.getTool('add')).not.toBeNull();
    expect(tb.discoverCalls).toBe(before);
    expect(await tb.getTool('nonexistent')).toBeNull();
  });

  it('on duplicate names the last tool wins', async () => {
    const second = { ...addTool, description: 'second' };
    const tb = new ScriptedTools(() => [addTool, second]);
    await tb.ready;
    expect(tb.tools.get('add')?.description).toBe('second');
  });

  it("rejects a tool name that breaks OpenAI's rule, naming the tool; MCP-style names pass", async () => {
    setLogSink(() => undefined);
    for (const bad of ['get sum', 'emoji✨', '', 'x'.repeat(65), 'dotted.name']) {
      const tb = new ScriptedTools(() => [{ ...addTool, name: bad }]);
      await tb.ready;
      expect(tb.tools.size).toBe(0);
      expect(tb.discoveryError).toBeInstanceOf(TypeError);
      await expect(tb.refreshTools()).rejects.toThrow(
        `Tool name '${bad}' in ToolBox 'scripted_tools' does not match ^[a-zA-Z0-9_-]{1,64}$.`,
      );
    }
    const ok = new ScriptedTools(() => [
      { ...addTool, name: 'get-sum' },
      { ...addTool, name: 'x'.repeat(64) },
    ]);
    await ok.ready;
    expect([...ok.tools.keys()]).toEqual(['get-sum', 'x'.repeat(64)]);
  });
});

describe('callTool (#4-#11)', () => {
  it('validates, runs and returns the validated output', async () => {
    const tb = await mathTools();
    expect(await tb.callTool('add', { a: 3, b: 4 })).toEqual({ result: 7 });
    expect(await tb.callTool('add', AddArgsParsed({ a: 10, b: 20 }))).toEqual({ result: 30 });
  });

  it('unknown tool -> ValueError with the exact message', async () => {
    const error = await rejection((await mathTools()).callTool('nonexistent', {}));
    expect(error).toBeInstanceOf(ToolInputError);
    expect(error.message).toBe("Unknown tool 'nonexistent' for ToolBox 'math_tools'.");
    expect(error.code).toBe('tool_not_found');
    expect(error.pythonType).toBe('ValueError');
  });

  it('input that fails validation -> ValueError naming tool and toolbox, with the issues attached', async () => {
    const error = await rejection((await mathTools()).callTool('add', { a: 'not_an_int', b: 2 }));
    expect(error).toBeInstanceOf(ToolInputError);
    expect(error.message).toBe("Tool input validation failed for 'add' in ToolBox 'math_tools'");
    expect(error.code).toBe('tool_input_invalid');
    expect(error.details?.cause).toBe("Invalid input for 'add'");
    expect(error.details?.issues?.map((i) => i.path)).toEqual([['a']]);
    const missing = await rejection((await mathTools()).callTool('add', { a: 1 }));
    expect(missing.details?.issues?.[0].path).toEqual(['b']);
  });

  it('is lax as pydantic: a numeric string becomes a number, extra keys are ignored', async () => {
    const tb = await mathTools();
    expect(await tb.callTool('add', { a: '3', b: 4 })).toEqual({ result: 7 });
    expect(await tb.callTool('add', { a: ' 3 ', b: '-4' })).toEqual({ result: -1 });
    expect(await tb.callTool('add', { a: 1, b: 2, c: 9 })).toEqual({ result: 3 });
    await expect(tb.callTool('add', { a: '3.5', b: 1 })).rejects.toThrow("Tool input validation failed for 'add'");
    let seen: Record<string, unknown> = {};
    const spy = new ScriptedTools(() => [addWith((args) => ((seen = args), { result: 0 }))]);
    await spy.callTool('add', { a: 1, b: 2, c: 9 });
    expect(seen).toEqual({ a: 1, b: 2 });
  });

  it('arguments that are not an object -> RuntimeError naming the Python type', async () => {
    const tb = await mathTools();
    const error = await rejection(tb.callTool('add', 'not_a_dict_or_model'));
    expect(error).toBeInstanceOf(ToolExecutionError);
    expect(error.message).toBe(
      "Tool 'add' called with unexpected type arguments: str. Must be Dict[str, Any] or ToolArguments.",
    );
    expect(error.pythonType).toBe('RuntimeError');
    await expect(tb.callTool('add', [1, 2])).rejects.toThrow('unexpected type arguments: list.');
    await expect(tb.callTool('add', null)).rejects.toThrow('unexpected type arguments: NoneType.');
    await expect(tb.callTool('add', 3)).rejects.toThrow('unexpected type arguments: int.');
  });

  it('a tool that throws -> RuntimeError with the cause attached', async () => {
    const tb = new FailingTools();
    const error = await rejection(tb.callTool('fail', {}));
    expect(error).toBeInstanceOf(ToolExecutionError);
    expect(error.message).toBe("Tool execution failed for 'fail' in ToolBox 'failing_tools'");
    expect(error.code).toBe('tool_execution_failed');
    expect(error.details?.cause).toBe('boom');
    expect((error.cause as Error).message).toBe('boom');
  });

  it('output that fails validation, or is not an object -> RuntimeError', async () => {
    const bad = new ScriptedTools(() => [addWith(() => ({ result: 'x' }))], { toolboxId: 'math_tools' });
    const error = await rejection(bad.callTool('add', { a: 1, b: 2 }));
    expect(error).toBeInstanceOf(ToolExecutionError);
    expect(error.message).toBe("Tool output validation failed for 'add' in ToolBox 'math_tools'");
    expect(error.code).toBe('tool_output_invalid');
    expect(error.details?.cause).toBe("Invalid output from 'add'");
    expect(error.details?.issues?.[0].path).toEqual(['result']);
    const str = new ScriptedTools(() => [addWith(() => 'seven')]);
    await expect(str.callTool('add', { a: 1, b: 2 })).rejects.toThrow(
      "Tool 'add' returned an unexpected type: str. Must return Dict[str, Any] or ToolOutput.",
    );
    const none = new ScriptedTools(() => [addWith(() => null)]);
    await expect(none.callTool('add', { a: 1, b: 2 })).rejects.toThrow('returned an unexpected type: NoneType.');
    const list = new ScriptedTools(() => [addWith(() => [7])]);
    await expect(list.callTool('add', { a: 1, b: 2 })).rejects.toThrow('returned an unexpected type: list.');
  });

  it('awaits async tools, passes the abort signal, and returns plain JSON with extra output keys dropped', async () => {
    const controller = new AbortController();
    let signal: AbortSignal | null = null;
    const tb = new ScriptedTools(() => [
      addWith(async (args, ctx) => {
        signal = ctx.signal;
        await new Promise((r) => setTimeout(r, 5));
        return { result: (args.a as number) + (args.b as number), secret: 'dropped' };
      }),
    ]);
    expect(await tb.callTool('add', { a: 2, b: 2 }, { signal: controller.signal })).toEqual({ result: 4 });
    expect(signal).toBe(controller.signal);
  });

  it('validates JSON Schema tools (from MCP or the bus) as JSON Schema, with lax numbers', async () => {
    const schema = {
      type: 'object',
      properties: { a: { type: 'integer' }, b: { type: 'number' } },
      required: ['a', 'b'],
    };
    const jsonTool: AgentTool = {
      name: 'get-sum',
      description: 'Adds.',
      argumentSchema: schema,
      outputSchema: { type: 'object', properties: { sum: { type: 'number' } }, required: ['sum'] },
      toolCall: (args) => ({ sum: (args.a as number) + (args.b as number) }),
    };
    const tb = new ScriptedTools(() => [jsonTool]);
    expect(await tb.callTool('get-sum', { a: '2', b: '0.5' })).toEqual({ sum: 2.5 });
    const error = await rejection(tb.callTool('get-sum', { a: 'two' }));
    expect(error.message).toBe("Tool input validation failed for 'get-sum' in ToolBox 'scripted_tools'");
    expect(error.details?.issues?.length).toBeGreaterThan(0);
    expect(tb.toolJsonList[0].argument_schema).toBe(schema);
  });
});

function AddArgsParsed(value: { a: number; b: number }) {
  return addTool.argumentSchema instanceof z.ZodType
    ? (addTool.argumentSchema.parse(value) as Record<string, unknown>)
    : value;
}

describe('schemas and the OpenAI spec (#13-#17)', () => {
  it('toolJsonList has the zod tool’s properties, required fields and descriptions', async () => {
    const [entry] = (await mathTools()).toolJsonList;
    expect(entry).toEqual({
      name: 'add',
      description: 'Add two integers.',
      argument_schema: {
        type: 'object',
        properties: {
          a: { type: 'integer', description: 'First operand.' },
          b: { type: 'integer', description: 'Second operand.' },
        },
        required: ['a', 'b'],
      },
      output_schema: {
        type: 'object',
        properties: { result: { type: 'integer', description: 'Sum of a and b.' } },
        required: ['result'],
        additionalProperties: false,
      },
    });
  });

  it('fields with a default are not required in the argument schema', async () => {
    const tool = defineTool({
      name: 'greet',
      description: 'Greets.',
      argumentSchema: ToolArguments.extend({ name: z.string(), times: z.number().int().default(1) }),
      outputSchema: ToolOutput.extend({ text: z.string() }),
      toolCall: ({ name, times }) => ({ text: `hi ${name} `.repeat(times).trim() }),
    });
    const tb = new ScriptedTools(() => [tool]);
    await tb.ready;
    expect(tb.toolJsonList[0].argument_schema.required).toEqual(['name']);
    expect(await tb.callTool('greet', { name: 'Ana' })).toEqual({ text: 'hi Ana' });
  });

  it('toolsToOpenAISpec maps entries, drops output_schema, fills description and parameters', () => {
    const S = { type: 'object', properties: { a: { type: 'integer' } } };
    expect(
      ToolBox.toolsToOpenAISpec([{ name: 'add', description: 'Add two ints.', argument_schema: S, output_schema: {} }]),
    ).toEqual([{ type: 'function', function: { name: 'add', description: 'Add two ints.', parameters: S } }]);
    expect(ToolBox.toolsToOpenAISpec([{ name: 'noop' }])).toEqual([
      { type: 'function', function: { name: 'noop', description: '', parameters: { type: 'object', properties: {} } } },
    ]);
    expect(() => ToolBox.toolsToOpenAISpec([{ description: 'x' } as never])).toThrow(TypeError);
  });

  it('openaiTools equals toolsToOpenAISpec(toolJsonList)', async () => {
    const tb = await mathTools();
    expect(tb.openaiTools).toEqual(ToolBox.toolsToOpenAISpec(tb.toolJsonList));
    expect(tb.openaiTools[0].function.name).toBe('add');
  });

  it('normalizeTools accepts a toolbox, a tool dict, a mixed array, or nothing', async () => {
    const tb = await mathTools();
    const extra = { type: 'function' as const, function: { name: 'x' } };
    expect(ToolBox.normalizeTools(null)).toEqual([]);
    expect(ToolBox.normalizeTools(undefined)).toEqual([]);
    expect(ToolBox.normalizeTools(tb)).toEqual(tb.openaiTools);
    expect(ToolBox.normalizeTools(extra)).toEqual([extra]);
    expect(ToolBox.normalizeTools([tb])).toEqual(tb.openaiTools);
    expect(ToolBox.normalizeTools([tb, extra])).toEqual([...tb.openaiTools, extra]);
    expect(ToolBox.normalizeTools([])).toEqual([]);
    const failing = new FailingTools();
    await failing.ready;
    expect(ToolBox.normalizeTools([tb, failing]).map((t) => t.function.name)).toEqual(['add', 'fail']);
  });

  it('normalizeTools accepts a toolbox from another copy of the module (duck-typed)', async () => {
    const tb = await mathTools();
    const foreign = { toolboxId: 'elsewhere', callTool: () => undefined, openaiTools: tb.openaiTools };
    expect(ToolBox.normalizeTools(foreign)).toEqual(tb.openaiTools);
  });

  it('normalizeTools throws a TypeError saying what it was given', () => {
    expect(() => ToolBox.normalizeTools('add')).toThrow(
      new TypeError(
        'normalizeTools: got a string ("add"); expected a ToolBox, an OpenAI tool dict, an array of them, or null.',
      ),
    );
    expect(() => ToolBox.normalizeTools(42)).toThrow('normalizeTools: got a number (42)');
    expect(() => ToolBox.normalizeTools({ name: 'add' })).toThrow('normalizeTools: got an object with keys [name]');
    expect(() => ToolBox.normalizeTools([{ type: 'function', function: { name: 'x' } }, 7])).toThrow(
      new TypeError('normalizeTools: item 1 is a number (7); expected a ToolBox or an OpenAI tool dict.'),
    );
  });
});

describe('change notifications and close', () => {
  it('onToolsChanged listeners hear notifyToolsChanged until unsubscribed; close unbinds', async () => {
    class Announcing extends MathTools {
      announce() {
        this.notifyToolsChanged();
      }
    }
    const bus = new InProcessBus();
    const tb = new Announcing({ bus });
    let heard = 0;
    const off = tb.onToolsChanged(() => heard++);
    tb.announce();
    off();
    tb.announce();
    expect(heard).toBe(1);
    await tb.close();
    expect(tb.bus).toBeNull();
  });
});
