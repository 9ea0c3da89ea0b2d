/**
 * The app around the engine: a run as the app makes it (startRun, every event appended to the session file,
 * each event sent to a WebSocket client in the form a window gets, the writes flushed at the end) against the
 * engine alone (the same engine, brain and tools, no trace), per model request:
 *  (a) in process, at 10 / 100 / 500 iterations, with a brain that maps every request to the OpenAI wire format as
 *      OpenAIBrain does (and serializes it, as its HTTP client would); the line also gives the session file's size
 *      and the WebSocket bytes of one conversation;
 *  (b) over loopback HTTP (OpenAIBrain and the scripted server) with three 10 MB tool results per conversation:
 *      how many runs completed, the session files against the data they hold, peak memory.
 * Each line three times, the median ratio printed with its min and max. The app's side is the app's own code: events
 * go through the store and `windowEvent` as the chat handler sends them, and leave through the host's `clientSender`
 * (one frame per burst, read as the window's transport reads it); `window_bytes` is what the window received. The
 * window's parsing runs in this process (in the app it is the renderer's), so it is charged to the app path: a
 * worker thread for it cost more in handoffs than it saved (measured 2026-12-01 under load).
 */
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import WebSocket, { WebSocketServer } from 'ws';
import { z } from 'zod';
import type { AgentMessage } from '../shared/domain/message';
import type { TraceEvent } from '../shared/domain/trace';
import { messagesOfFrame } from '../shared/ipc/envelope';
import type { PersonaRuntime } from '../src-main/core/app/persona-runtime';
import { startRun } from '../src-main/core/app/run-chat';
import { windowEvent } from '../src-main/core/app/trace-elision';
import { clientSender } from '../src-main/host/client-sender';
import type { BrainMessage, ChatEngine, ChatOptions } from '../src-main/core/brains/chat-engine';
import { OpenAIBrain } from '../src-main/core/brains/openai/openai-brain';
import { BUILTIN_ENGINES } from '../src-main/core/engines/engines';
import { memoryFor } from '../src-main/core/memory';
import { SessionStore } from '../src-main/core/sessions';
import { completionBody } from '../src-main/core/testing/scripted-completion';
import { startScriptedOpenAIServer } from '../src-main/core/testing/scripted-openai-server';
import { defineTool, ToolBox, ToolRegistry, type AgentTool } from '../src-main/core/toolbox';
import { comparePair, type Contender, type PairResult } from './harness';
import { printLine, threeRuns } from './three-runs';

const ENGINE = BUILTIN_ENGINES.find((e) => e.id === 'ovos-native-toolcall-loop')!;
const TERMINAL = new Set(['run_finished', 'run_failed', 'run_cancelled']);
const BIG = 10 * 1024 * 1024;
const BIG_CALLS = 3;

class BenchToolBox extends ToolBox {
  static defaultId = 'bench-tools';
  discoverTools(): AgentTool[] {
    return [
      defineTool({
        name: 'add',
        description: 'Add two integers.',
        argumentSchema: z.object({ a: z.number().int(), b: z.number().int() }),
        outputSchema: z.object({ result: z.number().int() }),
        toolCall: ({ a, b }) => ({ result: a + b }),
      }),
      defineTool({
        name: 'big',
        description: 'Returns 10 MB of text.',
        argumentSchema: z.object({ n: z.number().int() }),
        outputSchema: z.object({ text: z.string() }),
        toolCall: ({ n }) => ({ text: String(n).padEnd(BIG, 'x') }),
      }),
    ];
  }
}

/** The scripted conversation: `calls` tool turns (by the tool results so far), then the answer. */
function turn(done: number, calls: number, tool: 'add' | 'big') {
  if (done >= calls) return { content: `Done after ${done} calls.` };
  const args = tool === 'add' ? { a: done, b: 1 } : { n: done };
  return { toolCalls: [{ id: `call_${done + 1}`, name: tool, arguments: JSON.stringify(args) }] };
}

/**
 * A brain that does what OpenAIBrain does around the network: the request in the wire format (its own
 * buildRequest), serialized as its HTTP client sends it, and the completion parsed back into a reply with the
 * raw exchange.
 */
class WireBrain implements ChatEngine {
  readonly id = 'wire';
  readonly supportsTools = true;
  readonly model = 'bench-model';
  private readonly mapper = new OpenAIBrain({ model: 'bench-model', api_url: 'http://127.0.0.1:9/v1', api_key: 'x' });
  constructor(private readonly calls: () => number) {}

  async continueChat(messages: AgentMessage[], options: ChatOptions = {}): Promise<BrainMessage> {
    const request = this.mapper.buildRequest(messages, options.tools, false, options.parameters);
    if (JSON.stringify(request).length === 0) throw new Error('empty body');
    const done = messages.filter((m) => m.role === 'tool').length;
    const answer = turn(done, this.calls(), 'add');
    const wire = answer.toolCalls?.map((c) => ({ id: c.id, name: c.name, arguments: c.arguments })) ?? [];
    const completion = JSON.parse(JSON.stringify(completionBody(`c${done}`, this.model, answer, wire)));
    const message = completion.choices[0].message;
    return {
      role: 'assistant',
      content: message.content ?? '',
      ...(message.tool_calls
        ? {
            toolCalls: message.tool_calls.map((c: { id: string; function: { name: string; arguments: string } }) => ({
              id: c.id,
              name: c.function.name,
              arguments: JSON.parse(c.function.arguments),
            })),
          }
        : {}),
      raw: { request, response: completion },
      warnings: [],
    };
  }

  async *streamChat(messages: AgentMessage[], options: ChatOptions = {}): AsyncGenerator<string, BrainMessage, void> {
    const reply = await this.continueChat(messages, options);
    if (reply.content) yield reply.content;
    return reply;
  }
}

async function runtimeWith(brain: ChatEngine, maxIterations: number): Promise<PersonaRuntime> {
  const toolbox = new BenchToolBox();
  await toolbox.ready;
  return {
    engineId: ENGINE.id,
    engine: ENGINE,
    engineConfig: {},
    brainId: brain.id,
    model: brain.model,
    maxIterations,
    toolTimeoutMs: 30_000,
    maxToolResultChars: 16 * 1024 * 1024,
    systemPrompt: 'You add numbers.',
    brain,
    registry: new ToolRegistry([toolbox]),
    toolboxes: [toolbox],
    memory: memoryFor({}),
    close: async () => undefined,
  };
}

/** A window at the other end of a WebSocket: every message parsed, the run's end awaited. */
async function windowSocket() {
  const wss = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  await new Promise<void>((resolve) => wss.once('listening', resolve));
  const accepted = new Promise<WebSocket>((resolve) => wss.once('connection', resolve));
  const client = new WebSocket(`ws://127.0.0.1:${(wss.address() as { port: number }).port}`);
  const server = await accepted;
  await new Promise<void>((resolve) => (client.readyState === client.OPEN ? resolve() : client.once('open', resolve)));
  let ended: (() => void) | null = null;
  let bytes = 0;
  client.on('message', (data: Buffer) => {
    bytes += data.length;
    for (const message of messagesOfFrame(JSON.parse(data.toString()))) {
      const { payload } = message as { payload: { event: TraceEvent } };
      if (TERMINAL.has(payload.event.type)) ended?.();
    }
  });
  // The host's own sender (one frame per burst of events).
  const send = clientSender(server);
  return {
    send,
    /** Resolves when the window has received a run's end. */
    end: () => new Promise<void>((resolve) => (ended = resolve)),
    takeBytes() {
      const b = bytes;
      bytes = 0;
      return b;
    },
    close: async () => {
      client.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}

type Window = Awaited<ReturnType<typeof windowSocket>>;

let sessions = 0;

/** One conversation as the app runs it; returns its session id and how it ended. */
async function appRun(runtime: PersonaRuntime, store: SessionStore, window: Window) {
  const sessionId = `s-${sessions++}`;
  const ended = window.end();
  const handle = startRun(runtime, {
    history: [],
    message: 'Add the numbers one by one.',
    sessionId,
    personaId: 'bench',
    personaName: 'Bench',
    onEvent: (event) => {
      // As the chat handler: shown once written, in the form a window gets.
      const show = () => window.send({ event: 'chat.trace', payload: { sessionId, event: windowEvent(store, event) } });
      void store.append(sessionId, event).then(show, show);
    },
  });
  const outcome = await handle.done;
  // The window has the run's end once it is written, so every line before it is written too; the disk sync
  // that follows runs in the background, as in the app.
  await ended;
  return { sessionId, outcome };
}

async function engineRun(runtime: PersonaRuntime) {
  const engine = runtime.engine.create({
    brain: runtime.brain,
    registry: runtime.registry,
    maxIterations: runtime.maxIterations,
    toolTimeoutMs: runtime.toolTimeoutMs,
    maxToolResultChars: runtime.maxToolResultChars,
    systemPrompt: runtime.systemPrompt,
    config: runtime.engineConfig,
  });
  return engine.run([{ role: 'user', content: 'Add the numbers one by one.' }]);
}

async function fileBytes(store: SessionStore, sessionId: string): Promise<number> {
  const main = (await stat(store.fileOf(sessionId))).size;
  const side = await stat(`${store.fileOf(sessionId)}.payloads`).then(
    (s) => s.size,
    () => 0,
  );
  return main + side;
}

async function appPathLine(iterations: number, dir: string) {
  const calls = iterations - 1;
  const runtime = await runtimeWith(new WireBrain(() => calls), iterations + 1);
  const store = new SessionStore(path.join(dir, `n${iterations}`));
  const window = await windowSocket();
  let last = '';
  const ours: Contender = {
    async run() {
      const { sessionId, outcome } = await appRun(runtime, store, window);
      if (outcome.status !== 'finished') throw new Error(`the app run ended ${outcome.status}`);
      last = sessionId;
      return 0;
    },
  };
  const theirs: Contender = {
    async run() {
      await engineRun(runtime);
      return 0;
    },
  };
  const scale = iterations <= 10 ? 20 : iterations <= 100 ? 3 : 1;
  const line = await threeRuns(async () => {
    const result: PairResult & Record<string, unknown> = {
      ...(await comparePair({
        name: `app-path-vs-engine-${iterations}-iterations`,
        baseline: 'the engine alone (same engine, brain mapping and tools; no trace)',
        targetRatio: 3,
        ours,
        theirs,
        iterationsPerRun: iterations,
        warmupRuns: scale,
        runsPerBatch: scale,
        batches: 5,
      })),
    };
    window.takeBytes();
    await ours.run();
    result.window_bytes = window.takeBytes();
    result.session_file_bytes = await fileBytes(store, last);
    return result;
  });
  await window.close();
  return line;
}

/** Samples the process's resident memory while `work` runs; its peak in MB. */
async function peakRss<T>(work: () => Promise<T>): Promise<{ value: T; peakMb: number }> {
  let peak = process.memoryUsage().rss;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
  try {
    const value = await work();
    peak = Math.max(peak, process.memoryUsage().rss);
    return { value, peakMb: Math.round(peak / 1024 / 1024) };
  } finally {
    clearInterval(timer);
  }
}

async function bigResultsLine(dir: string) {
  const server = await startScriptedOpenAIServer({
    replies: (request) =>
      turn(
        (request.body.messages as Array<{ role: string }>).filter((m) => m.role === 'tool').length,
        BIG_CALLS,
        'big',
      ),
  });
  const brain = new OpenAIBrain({ model: 'bench-model', api_url: server.url, api_key: 'bench' });
  const runtime = await runtimeWith(brain, BIG_CALLS + 2);
  const store = new SessionStore(path.join(dir, 'big'));
  const window = await windowSocket();
  const outcomes = { ours: [] as string[], theirs: [] as string[] };
  const peaks = { ours: 0, theirs: 0 };
  let files: number[] = [];
  let windowBytes: number[] = [];
  const ours: Contender = {
    async run() {
      server.requests.length = 0;
      const { value, peakMb } = await peakRss(() => appRun(runtime, store, window));
      peaks.ours = Math.max(peaks.ours, peakMb);
      outcomes.ours.push(value.outcome.status === 'failed' ? value.outcome.error.code : value.outcome.status);
      files.push(await fileBytes(store, value.sessionId));
      windowBytes.push(window.takeBytes());
      return 0;
    },
  };
  const theirs: Contender = {
    async run() {
      server.requests.length = 0;
      const { peakMb } = await peakRss(async () => {
        try {
          await engineRun(runtime);
          outcomes.theirs.push('finished');
        } catch (error) {
          outcomes.theirs.push((error as { code?: string }).code ?? 'failed');
        }
      });
      peaks.theirs = Math.max(peaks.theirs, peakMb);
      return 0;
    },
  };
  try {
    const line = await threeRuns(async () => {
      const result: PairResult & Record<string, unknown> = {
        ...(await comparePair({
          name: 'app-path-vs-engine-10mb-tool-results-http',
          baseline: 'the engine alone over the same loopback HTTP (OpenAIBrain, scripted server)',
          targetRatio: 3,
          ours,
          theirs,
          iterationsPerRun: BIG_CALLS + 1,
          warmupRuns: 0,
          runsPerBatch: 1,
          batches: 1,
        })),
      };
      return result;
    });
    const data = BIG_CALLS * (BIG + 11);
    return {
      ...line,
      completed: `${outcomes.ours.filter((o) => o === 'finished').length}/${outcomes.ours.length}`,
      baseline_completed: `${outcomes.theirs.filter((o) => o === 'finished').length}/${outcomes.theirs.length}`,
      outcomes: [...new Set(outcomes.ours)],
      tool_result_bytes: data,
      session_file_bytes_max: Math.max(...files),
      file_to_data: Math.round((Math.max(...files) / data) * 100) / 100,
      window_bytes_max: Math.max(...windowBytes),
      peak_rss_mb: peaks.ours,
      baseline_peak_rss_mb: peaks.theirs,
    };
  } finally {
    files = [];
    windowBytes = [];
    await window.close();
    await server.close();
  }
}

async function main() {
  const dir = await mkdtemp(path.join(tmpdir(), 'bench-sessions-'));
  const only = process.env.BENCH_ONLY;
  try {
    const sizes = process.env.BENCH_N ? [Number(process.env.BENCH_N)] : [10, 100, 500];
    if (!only || only === 'app') for (const n of sizes) printLine(await appPathLine(n, dir));
    if (!only || only === 'big') printLine(await bigResultsLine(dir));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
