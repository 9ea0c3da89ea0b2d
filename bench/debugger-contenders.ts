/** The sides of debugger.bench.ts (imported through as-built.ts, so they run as the app builds its code). */
import { z } from 'zod';
import { Breakpoints } from '../shared/domain/debug';
import type { AgentMessage } from '../shared/domain/message';
import { DebugSession } from '../src-main/core/app/debug-session';
import type { BrainMessage, ChatEngine } from '../src-main/core/brains/chat-engine';
import { NativeToolCallEngine } from '../src-main/core/engines/native-loop';
import { RunTracer } from '../src-main/core/engines/run-tracer';
import { defineTool, ToolBox, ToolRegistry, type AgentTool } from '../src-main/core/toolbox';
import type { Contender } from './harness';

const TOOL_TURNS = 5;
export const ITERATIONS = TOOL_TURNS + 1;
const ANSWER = 'The sum is 5.';

let toolMs = 0;
const AddArgs = z.object({ a: z.number().int(), b: z.number().int() });
const AddOutput = z.object({ result: z.number().int() });

class BenchToolBox extends ToolBox {
  static defaultId = 'bench-tools';
  discoverTools(): AgentTool[] {
    return [
      defineTool({
        name: 'add',
        description: 'Add two integers.',
        argumentSchema: AddArgs,
        outputSchema: AddOutput,
        toolCall: ({ a, b }) => {
          const t0 = performance.now();
          const result = { result: a + b };
          toolMs += performance.now() - t0;
          return result;
        },
      }),
      defineTool({
        name: 'never_called',
        description: 'The model never asks for this one.',
        argumentSchema: AddArgs,
        outputSchema: AddOutput,
        toolCall: () => ({ result: 0 }),
      }),
    ];
  }
}

class InMemoryBrain implements ChatEngine {
  readonly id = 'in-memory';
  readonly supportsTools = true;
  readonly model = 'in-memory';
  async continueChat(messages: AgentMessage[]): Promise<BrainMessage> {
    const done = messages.filter((m) => m.role === 'tool').length;
    if (done >= TOOL_TURNS) return { role: 'assistant', content: ANSWER };
    return {
      role: 'assistant',
      content: '',
      toolCalls: [{ id: `call_${done + 1}`, name: 'add', arguments: { a: done, b: 1 } }],
    };
  }
  async *streamChat(messages: AgentMessage[]): AsyncGenerator<string, BrainMessage, void> {
    const reply = await this.continueChat(messages);
    if (reply.content) yield reply.content;
    return reply;
  }
}

const breakpoints = Breakpoints.parse({
  beforeTools: {
    enabled: true,
    tools: ['never_called'],
    conditions: [{ tool: 'never_called', argsContain: { a: 1 } }],
  },
  onToolError: true,
});

function contender(engine: NativeToolCallEngine, withDebugger: boolean): Contender {
  return {
    async run() {
      toolMs = 0;
      const tracer = new RunTracer('bench');
      const debug = withDebugger
        ? new DebugSession({
            runId: 'bench',
            sessionId: 'bench',
            personaId: null,
            breakpoints: () => breakpoints,
            approval: () => 'auto',
            iteration: () => tracer.iteration,
            cancel: () => undefined,
            onPause: () => {
              throw new Error('the bench run paused');
            },
            onResume: () => undefined,
          })
        : undefined;
      const { answer } = await engine.run([{ role: 'user', content: 'Add the numbers one by one.' }], {
        tracer,
        ...(debug ? { debug } : {}),
      });
      if (answer !== ANSWER) throw new Error(`answered ${JSON.stringify(answer)}`);
      return toolMs;
    },
  };
}

/** The two sides on one engine: with a debugger whose breakpoints are never hit, and without one. */
export async function debuggerContenders(): Promise<{ ours: Contender; theirs: Contender }> {
  const toolbox = new BenchToolBox();
  await toolbox.ready;
  const engine = new NativeToolCallEngine({
    brain: new InMemoryBrain(),
    registry: new ToolRegistry([toolbox]),
    maxIterations: 10,
    stream: false,
  });
  return { ours: contender(engine, true), theirs: contender(engine, false) };
}
