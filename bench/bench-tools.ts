import { z } from 'zod';
import { defineTool, ToolBox, type AgentTool } from '../src-main/core/toolbox';

/** What the bench's `add` takes and returns: plain zod, as the AI SDK side of engine.bench declares it too. */
export const AddArgs = z.object({ a: z.number().int(), b: z.number().int() });
export const AddOutput = z.object({ result: z.number().int() });

/** Time spent inside `add`, left out of the loop's overhead; a bench resets it before each iteration. */
export const toolTime = { ms: 0 };

/** Adds, timing itself into `toolTime`. */
export function add({ a, b }: { a: number; b: number }) {
  const t0 = performance.now();
  const result = { result: a + b };
  toolTime.ms += performance.now() - t0;
  return result;
}

/** Toolbox `bench-tools`: `add`, then the `extra` tools. */
export class BenchToolBox extends ToolBox {
  static defaultId = 'bench-tools';
  constructor(private readonly extra: AgentTool[] = []) {
    super();
  }
  discoverTools(): AgentTool[] {
    const addTool = defineTool({
      name: 'add',
      description: 'Add two integers.',
      argumentSchema: AddArgs,
      outputSchema: AddOutput,
      toolCall: add,
    });
    return [addTool, ...this.extra];
  }
}
