/**
 * What the debugger costs when it does not stop: the engine loop (in process, the scripted in-memory brain of
 * engine.bench.ts, TOOL_TURNS tool turns and an answer) with a DebugSession whose breakpoints are set on a tool
 * that is never called, against the same loop with no breakpoints and no debugger attached. Per iteration,
 * tool time excluded; the debugger's gate runs before every tool and model call on the "ours" side.
 */
import { z } from 'zod';
import { Breakpoints } from '../shared/domain/debug';
import type { AgentMessage } from '../shared/domain/message';
import { DebugSession } from '../src-main/core/app/debug-session';
import type { BrainMessage, ChatEngine } from '../src-main/core/brains/chat-engine';
import { NativeToolCallEngine } from '../src-main/core/engines/native-loop';
import { RunTracer } from '../src-main/core/engines/run-tracer';
import { defineTool, ToolBox, ToolRegistry, type AgentTool } from '../src-main/core/toolbox';
import { comparePair, type Contender } from './harness';

const TOOL_TURNS = 5;
const ITERATIONS = TOOL_TURNS + 1;
const ANSWER = 'The sum is 5.';
/** The most this line may cost against the run without breakpoints (issue 12). */
const TARGET_RATIO = 1.05;

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

async function main() {
  const toolbox = new BenchToolBox();
  await toolbox.ready;
  const engine = new NativeToolCallEngine({
    brain: new InMemoryBrain(),
    registry: new ToolRegistry([toolbox]),
    maxIterations: 10,
    stream: false,
  });
  const result = await comparePair({
    name: 'debugger-breakpoints-not-hit',
    baseline: 'no breakpoints',
    targetRatio: TARGET_RATIO,
    ours: contender(engine, true),
    theirs: contender(engine, false),
    iterationsPerRun: ITERATIONS,
    warmupRuns: 500,
    // Many short batches: on a loaded machine a median of many resists the bursts that skew a few long ones.
    runsPerBatch: 40,
    batches: 61,
  });
  process.stdout.write(`${JSON.stringify(result)}\n`);
}

main().catch((error) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
