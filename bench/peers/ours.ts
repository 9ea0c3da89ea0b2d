/**
 * Our side: NativeToolCallEngine with a RunTracer feeding a session-like sink (each event encoded as the app's
 * session store encodes it for the session file). In process the brain does the OpenAI brain's own mapping: the request body
 * built by OpenAIBrain.buildRequest (toWireMessage per message, tools, parameters) and the scripted
 * chat-completion object mapped back by completionToMessage (tool-call arguments parsed, warnings).
 */
import type { AgentMessage } from '../../shared/domain/message';
import type { TraceEvent } from '../../shared/domain/trace';
import type { BrainMessage, ChatEngine, ChatOptions } from '../../src-main/core/brains/chat-engine';
import { completionToMessage } from '../../src-main/core/brains/openai/openai-completion';
import { OpenAIBrain } from '../../src-main/core/brains/openai/openai-brain';
import { NativeToolCallEngine } from '../../src-main/core/engines/native-loop';
import { RunTracer } from '../../src-main/core/engines/run-tracer';
import { SessionEncoder } from '../../src-main/core/sessions/session-codec';
import { payloadLine } from '../../src-main/core/sessions/session-payloads';
import { defineTool, ToolBox, ToolRegistry, type AgentTool } from '../../src-main/core/toolbox';
import type { Contender } from '../harness';
import {
  AddArgs,
  AddOutput,
  addTool,
  ANSWER,
  MODEL,
  PROMPT,
  scriptedCompletion,
  toolClock,
  type Script,
} from './script';

/** A ChatEngine doing the OpenAI brain's mapping both ways around an in-memory scripted completion. */
export class InMemoryOpenAIBrain implements ChatEngine {
  readonly id = 'in-memory-openai';
  readonly supportsTools = true;
  readonly model = MODEL;
  /** Requests as built (what the brain would have sent). */
  readonly requests: Array<Record<string, unknown>> = [];
  keepRequests = false;
  private readonly mapper = new OpenAIBrain({ model: MODEL, api_url: 'http://127.0.0.1:9/v1', api_key: 'bench' });
  private completions = 0;

  constructor(private readonly script: Script) {}

  requestParameters(): Record<string, unknown> {
    return this.mapper.requestParameters();
  }

  async continueChat(messages: AgentMessage[], options: ChatOptions = {}): Promise<BrainMessage> {
    const request = this.mapper.buildRequest(messages, options.tools, false, options.parameters);
    if (this.keepRequests) this.requests.push(request);
    const completion = scriptedCompletion(this.script, request, `chatcmpl-${++this.completions}`);
    return completionToMessage(completion, request);
  }

  async *streamChat(messages: AgentMessage[], options: ChatOptions = {}): AsyncGenerator<string, BrainMessage, void> {
    const reply = await this.continueChat(messages, options);
    if (reply.content) yield reply.content;
    return reply;
  }
}

/**
 * A session's view of a run: every trace event encoded as the app's SessionStore encodes it before writing (format
 * 2: the request as a delta of the run's previous one, a repeated tool result as a reference, large texts as
 * side-file records), the disk write left out. It used to JSON.stringify each whole event, which the app no longer
 * does: with 1 MB tool results that was about 12 MB of JSON per conversation the app never produces.
 */
export class SessionLikeSink {
  private readonly encoder = new SessionEncoder();
  lines: string[] = [];
  /** The side file's lines (large payloads). */
  side: string[] = [];
  bytes = 0;
  /** When set, the events as the tracer gave them (what the lines must decode back to). */
  events: TraceEvent[] | null = null;
  readonly push = (event: TraceEvent): void => {
    this.events?.push(event);
    const { line, payloads } = this.encoder.encode(event);
    this.bytes += line.length;
    this.lines.push(line);
    if (!payloads.length) return;
    const records = payloads.map(payloadLine).join('');
    this.bytes += records.length;
    this.side.push(records);
  };
  clear(): void {
    this.lines = [];
    this.side = [];
    this.bytes = 0;
    if (this.events) this.events = [];
    this.encoder.reset();
  }
}

class BenchToolBox extends ToolBox {
  static defaultId = 'bench-tools';
  constructor(private readonly script: Script) {
    super();
  }
  discoverTools(): AgentTool[] {
    return [
      defineTool({
        name: 'add',
        description: 'Add two integers.',
        argumentSchema: AddArgs,
        outputSchema: AddOutput,
        toolCall: addTool(this.script),
      }),
    ];
  }
}

/** The persona's tool registry for a script. */
export async function benchRegistry(script: Script): Promise<ToolRegistry> {
  const toolbox = new BenchToolBox(script);
  await toolbox.ready;
  return new ToolRegistry([toolbox]);
}

export interface OursOptions {
  brain: ChatEngine;
  registry: ToolRegistry;
  script: Script;
  stream?: boolean;
  sink?: SessionLikeSink;
}

/** Our engine running one scripted conversation per `run()`, its trace serialized by the sink. */
export function ours(options: OursOptions): Contender & { sink: SessionLikeSink } {
  const sink = options.sink ?? new SessionLikeSink();
  const engine = new NativeToolCallEngine({
    brain: options.brain,
    registry: options.registry,
    maxIterations: options.script.turns + 1,
    stream: options.stream ?? false,
    // The large-result lines send the whole result on every side (the default cuts at 1 M characters).
    maxToolResultChars: Number.MAX_SAFE_INTEGER,
  });
  let runs = 0;
  return {
    sink,
    async run() {
      toolClock.ms = 0;
      sink.clear();
      const tracer = new RunTracer(`run_${++runs}`, sink.push);
      const { answer } = await engine.run([{ role: 'user', content: PROMPT }], { tracer });
      if (answer !== ANSWER) throw new Error(`ours answered ${JSON.stringify(answer)}`);
      return toolClock.ms;
    },
  };
}
