/**
 * The engine's own overhead per loop iteration (tool time excluded), side by side with two peers doing the same
 * work: the Vercel AI SDK (generateText / streamText) and OpenAI Agents JS (Runner on its chat-completions model).
 * Each conversation is `turns` tool-call turns of `add`, then an answer; bench/peers.test.ts checks that every
 * side sends the same messages.
 *  - in process: our engine + an in-memory brain doing the OpenAI brain's mapping, its trace encoded by a
 *    session-like sink (the app's SessionEncoder, format 2, as SessionStore.append does before writing; until
 *    2026-12-01 it JSON.stringified each whole event, requests and 1 MB results included, which the app no longer
 *    does: about 12 MB of JSON per 1 MB-result conversation charged to our side only)  vs  the AI SDK + MockLanguageModelV3 (zodSchema() tools)  and  Agents JS with an in-memory
 *    OpenAI client (its own mapping both ways);
 *  - loopback HTTP: our OpenAIBrain  vs  @ai-sdk/openai-compatible  and  Agents JS on a real OpenAI client, all
 *    against the same scripted chat-completions server (tracing off in Agents JS);
 *  - scaling: in process at 10 / 100 / 500 iterations;
 *  - large results: 1 MB and 10 MB tool results over HTTP, each side in its own process, the two processes
 *    alternated conversation by conversation (5 each; 10 MB: 3), each side's median, with peak memory.
 * Every line runs three times: the median run is printed, with min and max.
 * `node --import tsx bench/engine.bench.ts <regexp>` runs only the lines whose name matches.
 */
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { OpenAIBrain } from '../src-main/core/brains/openai/openai-brain';
import { startScriptedOpenAIServer } from '../src-main/core/testing/scripted-openai-server';
import { comparePair, printLine, threeRuns, type Contender } from './harness';
import { agentsJs, agentsModel, httpClient, inMemoryClient } from './peers/agents';
import { aiSdk, mockModel } from './peers/ai-sdk';
import { measureLargeResults } from './peers/large-results';
import { benchRegistry, InMemoryOpenAIBrain, ours } from './peers/ours';
import { iterationsOf, MODEL, serverReply, type Script } from './peers/script';

const AI_SDK_MOCK = 'ai@6 generateText + MockLanguageModelV3 (zodSchema tools)';
const AI_SDK_HTTP = 'ai@6 generateText + @ai-sdk/openai-compatible@2';
const AGENTS_MEMORY = '@openai/agents@0.14.3 Runner + OpenAIChatCompletionsModel (in-memory client)';
const AGENTS_HTTP = '@openai/agents@0.14.3 Runner + OpenAIChatCompletionsModel (openai client)';

const filter = process.argv[2] ? new RegExp(process.argv[2]) : null;
const wanted = (name: string) => !filter || filter.test(name);

/** Batches sized so a line takes seconds, not minutes, whatever a conversation costs. */
interface Sizing {
  warmupRuns: number;
  runsPerBatch: number;
  batches: number;
}

async function line(
  name: string,
  baseline: string,
  targetRatio: number,
  script: Script,
  sides: () => Promise<{ ours: Contender; theirs: Contender }>,
  sizing: Sizing,
): Promise<void> {
  if (!wanted(name)) return;
  const { ours: mine, theirs } = await sides();
  printLine(
    await threeRuns(() =>
      comparePair({
        name,
        baseline,
        targetRatio,
        ours: mine,
        theirs,
        iterationsPerRun: iterationsOf(script),
        ...sizing,
      }),
    ),
  );
}

const inMemoryOurs = async (script: Script) =>
  ours({ brain: new InMemoryOpenAIBrain(script), registry: await benchRegistry(script), script });

async function inProcessLines(): Promise<void> {
  const script: Script = { turns: 5 };
  const sizing = { warmupRuns: 100, runsPerBatch: 60, batches: 5 };
  const mock = mockModel(script);
  await line(
    'engine-loop-in-process',
    AI_SDK_MOCK,
    0.5,
    script,
    async () => ({
      ours: await inMemoryOurs(script),
      theirs: aiSdk(mock, script, { afterRun: () => (mock.doGenerateCalls.length = 0) }),
    }),
    sizing,
  );
  await line(
    'engine-loop-in-process-vs-agents-js',
    AGENTS_MEMORY,
    0.5,
    script,
    async () => ({ ours: await inMemoryOurs(script), theirs: agentsJs(agentsModel(inMemoryClient(script)), script) }),
    sizing,
  );
}

async function httpLines(): Promise<void> {
  const script: Script = { turns: 5 };
  const server = await startScriptedOpenAIServer({ replies: serverReply(script) });
  const forget = () => (server.requests.length = 0);
  try {
    const registry = await benchRegistry(script);
    const brain = new OpenAIBrain({ model: MODEL, api_url: server.url, api_key: 'bench' });
    const provider = createOpenAICompatible({ name: 'bench', baseURL: server.url, apiKey: 'bench' });
    const sizing = { warmupRuns: 20, runsPerBatch: 20, batches: 5 };
    const oursHttp = (stream = false) => {
      const side = ours({ brain, registry, script, stream });
      return { run: async () => (await side.run()) + (forget(), 0) };
    };
    await line(
      'engine-loop-loopback-http',
      AI_SDK_HTTP,
      0.8,
      script,
      async () => ({
        ours: oursHttp(),
        theirs: aiSdk(provider.chatModel(MODEL), script, { afterRun: forget }),
      }),
      sizing,
    );
    await line(
      'engine-loop-loopback-http-vs-agents-js',
      AGENTS_HTTP,
      0.8,
      script,
      async () => ({
        ours: oursHttp(),
        theirs: agentsJs(agentsModel(httpClient(server.url)), script, forget),
      }),
      sizing,
    );
    await line(
      'engine-loop-loopback-http-stream',
      'ai@6 streamText + @ai-sdk/openai-compatible@2',
      0.8,
      script,
      async () => ({
        ours: oursHttp(true),
        theirs: aiSdk(provider.chatModel(MODEL), script, { stream: true, afterRun: forget }),
      }),
      sizing,
    );
  } finally {
    await server.close();
  }
}

const SCALING: Array<[number, Sizing]> = [
  [10, { warmupRuns: 20, runsPerBatch: 20, batches: 3 }],
  [100, { warmupRuns: 2, runsPerBatch: 3, batches: 1 }],
  [500, { warmupRuns: 0, runsPerBatch: 1, batches: 1 }],
];

async function scalingLines(): Promise<void> {
  for (const [iterations, sizing] of SCALING) {
    const script: Script = { turns: iterations - 1 };
    const mock = mockModel(script);
    await line(
      `engine-loop-in-process-${iterations}-iterations`,
      AI_SDK_MOCK,
      0.5,
      script,
      async () => ({
        ours: await inMemoryOurs(script),
        theirs: aiSdk(mock, script, { afterRun: () => (mock.doGenerateCalls.length = 0) }),
      }),
      sizing,
    );
    await line(
      `engine-loop-in-process-${iterations}-iterations-vs-agents-js`,
      AGENTS_MEMORY,
      0.5,
      script,
      async () => ({
        ours: await inMemoryOurs(script),
        theirs: agentsJs(agentsModel(inMemoryClient(script)), script),
      }),
      sizing,
    );
  }
}

async function largeResultLines(): Promise<void> {
  for (const mb of [1, 10]) {
    const script: Script = { turns: 3, payloadChars: mb * 1024 * 1024 };
    for (const [suffix, baseline, baselineSide] of [
      ['', AI_SDK_HTTP, 'ai-sdk'],
      ['-vs-agents-js', AGENTS_HTTP, 'agents-js'],
    ] as const) {
      const name = `engine-loop-loopback-http-${mb}mb-results${suffix}`;
      if (!wanted(name)) continue;
      printLine(await threeRuns(() => measureLargeResults({ name, baseline, baselineSide, script, targetRatio: 1 })));
    }
  }
}

async function main() {
  await inProcessLines();
  await httpLines();
  await scalingLines();
  await largeResultLines();
}

main().catch((error) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
