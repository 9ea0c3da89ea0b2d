import { z } from 'zod';
import type { TraceEvent } from '../../../../shared/domain/trace';
import { OpenAIBrain } from '../../brains/openai/openai-brain';
import { startScriptedOpenAIServer, type ScriptedReply } from '../../testing/scripted-openai-server';
import { defineTool, ToolArguments, ToolBox, ToolOutput, ToolRegistry, type AgentTool } from '../../toolbox';
import type { EngineDescriptor } from '../engine-descriptor';
import type { LoopDebugger } from '../loop-context';
import { traced } from '../testing/traced';

/** A ReAct step calling `calc` with 2 and 3. */
export const REACT_CALC_2_3 = 'Thought: add.\nAction: calc\nAction Input: {"a": 2, "b": 3}';

/** Test-only: a `lookup` tool taking a plain `query` (Self-Ask's and CRITIC's shape) and `calc` adding two integers. */
export class KitTools extends ToolBox {
  static defaultId = 'kit_tools';
  readonly calls: { name: string; args: Record<string, unknown> }[] = [];

  discoverTools(): AgentTool[] {
    return [
      defineTool({
        name: 'lookup',
        description: 'Looks a fact up.',
        argumentSchema: ToolArguments.extend({ query: z.string().describe('What to look up.') }),
        outputSchema: ToolOutput.extend({ fact: z.string() }),
        toolCall: (args) => {
          this.calls.push({ name: 'lookup', args });
          return { fact: `fact about ${args.query}` };
        },
      }),
      defineTool({
        name: 'calc',
        description: 'Adds two integers.',
        argumentSchema: ToolArguments.extend({ a: z.number().int(), b: z.number().int() }),
        outputSchema: ToolOutput.extend({ result: z.number().int() }),
        toolCall: (args) => {
          this.calls.push({ name: 'calc', args });
          return { result: args.a + args.b };
        },
      }),
    ];
  }
}

export interface KitRun {
  answer: string;
  events: TraceEvent[];
  /** The chat requests' `messages`, in order, as the server received them. */
  requests: { role: string; content: string }[][];
  bodies: Record<string, unknown>[];
  tools: KitTools;
}

/**
 * Runs an engine over the real OpenAI brain against the scripted server (one reply per request, in order; an
 * extra request gets the server's 500), with the kit's tools unless `noTools`; returns what the server received.
 */
export async function runKit(
  descriptor: EngineDescriptor,
  replies: ScriptedReply[],
  options: {
    config?: Record<string, unknown>;
    noTools?: boolean;
    stream?: boolean;
    systemPrompt?: string;
    debug?: LoopDebugger;
  } = {},
): Promise<KitRun> {
  const server = await startScriptedOpenAIServer({ replies });
  try {
    const tools = new KitTools();
    const registry = new ToolRegistry(options.noTools ? [] : [tools]);
    await registry.ready();
    const brain = new OpenAIBrain({ model: 'llama3', api_url: server.url, timeout: 10 });
    const config = descriptor.config.parse({ ...options.config }) as Record<string, unknown>;
    const engine = descriptor.create({
      brain,
      registry,
      config,
      maxIterations: config.max_iterations as number,
      systemPrompt: options.systemPrompt ?? null,
      stream: options.stream ?? false,
    });
    const { events, tracer } = traced();
    const { answer } = await engine.run([{ role: 'user', content: 'What is 2+3?' }], {
      tracer,
      ...(options.debug ? { debug: options.debug } : {}),
    });
    const bodies = server.chatRequests.map((r) => r.body as Record<string, unknown>);
    const requests = bodies.map((b) => b.messages as { role: string; content: string }[]);
    return { answer, events, requests, bodies, tools };
  } finally {
    await server.close();
  }
}

/** The notices of a run: `reason` and `limit`. */
export const notices = (events: TraceEvent[]) =>
  events.flatMap((e) =>
    e.type === 'loop_notice' ? [{ reason: e.reason, ...(e.limit ? { limit: e.limit } : {}) }] : [],
  );

/** The spans of a run as `kind:title` under their parents' ids, in order (the tree the pane draws). */
export const spans = (events: TraceEvent[]) =>
  events.flatMap((e) => (e.type === 'span_started' ? [`${e.parentSpanId ?? '-'}>${e.spanId}:${e.kind}`] : []));

/** The last message of each request, trimmed to its first line: which prompt was sent, in order. */
export const firstLines = (requests: KitRun['requests']) =>
  requests.map((messages) => String(messages[messages.length - 1].content).split('\n')[0]);
