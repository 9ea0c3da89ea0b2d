import { z } from 'zod';
import { defineTool, type AgentTool } from './agent-tool';
import { ToolArguments, ToolOutput } from './schema';
import { ToolBox, type ToolBoxOptions } from './toolbox';

/** OPM's test fixtures (test_agent_tools.py), shared by the toolbox and bus tests. */
export const AddArgs = ToolArguments.extend({
  a: z.number().int().describe('First operand.'),
  b: z.number().int().describe('Second operand.'),
});
export const AddOutput = ToolOutput.extend({
  result: z.number().int().describe('Sum of a and b.'),
});

export const addTool = defineTool({
  name: 'add',
  description: 'Add two integers.',
  argumentSchema: AddArgs,
  outputSchema: AddOutput,
  toolCall: ({ a, b }) => ({ result: a + b }),
});

/** Toolbox `math_tools` with `add`. */
export class MathTools extends ToolBox {
  static defaultId = 'math_tools';
  discoverCalls = 0;
  discoverTools(): AgentTool[] {
    this.discoverCalls++;
    return [addTool];
  }
}

/** `fail` always throws `boom`. */
export const failTool = defineTool({
  name: 'fail',
  description: 'Always fails.',
  argumentSchema: ToolArguments,
  outputSchema: ToolOutput,
  toolCall: () => {
    throw new Error('boom');
  },
});

/** Toolbox `failing_tools` whose `fail` tool always throws. */
export class FailingTools extends ToolBox {
  static defaultId = 'failing_tools';
  discoverTools(): AgentTool[] {
    return [failTool];
  }
}

/** A toolbox whose tools are given per test (possibly changing between discoveries). */
export class ScriptedTools extends ToolBox {
  static defaultId = 'scripted_tools';
  discoverCalls = 0;
  constructor(
    private readonly script: (call: number) => AgentTool[] | Promise<AgentTool[]>,
    options: ToolBoxOptions = {},
  ) {
    super(options);
  }
  discoverTools(): AgentTool[] | Promise<AgentTool[]> {
    return this.script(++this.discoverCalls);
  }
}

/** An `add` whose toolCall is replaced (bad outputs, slow tools). */
export function addWith(toolCall: AgentTool['toolCall']): AgentTool {
  return { ...addTool, toolCall };
}
