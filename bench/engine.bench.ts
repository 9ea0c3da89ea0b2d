/**
 * The engine's own overhead per loop iteration (tool time excluded), side by side with the Vercel AI SDK's
 * generateText tool loop doing the same scripted conversation: TOOL_TURNS tool-call turns, then an answer.
 *  (a) in process: NativeToolCallEngine + an in-memory ChatEngine  vs  generateText + MockLanguageModelV3;
 *  (b) loopback HTTP: NativeToolCallEngine + OpenAIBrain  vs  generateText + @ai-sdk/openai-compatible,
 *      both against the same scripted chat-completions server.
 * Both sides run non-streaming requests (generateText does not stream) and validate tool input with zod.
 * A third line repeats (b) with every request streamed (SSE): our engine's default path vs streamText.
 */
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { generateText, stepCountIs, streamText, tool, type LanguageModel } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import type { AgentMessage } from '../shared/domain/message';
import type { BrainMessage, ChatEngine } from '../src-main/core/brains/chat-engine';
import { OpenAIBrain } from '../src-main/core/brains/openai/openai-brain';
import { NativeToolCallEngine } from '../src-main/core/engines/native-loop';
import { startScriptedOpenAIServer } from '../src-main/core/testing/scripted-openai-server';
import { ToolRegistry } from '../src-main/core/toolbox';
import { comparePair, type Contender } from './harness';
import { add, AddArgs, AddOutput, BenchToolBox, toolTime } from './bench-tools';

const TOOL_TURNS = 5;
/** Model requests per conversation: the tool turns and the answer. */
const ITERATIONS = TOOL_TURNS + 1;
const PROMPT = 'Add the numbers one by one.';

/** The scripted conversation, decided from the number of tool results so far (the same rule on every side). */
function scriptedTurn(toolResults: number): { call: { id: string; args: string } } | { text: string } {
  return toolResults < TOOL_TURNS
    ? { call: { id: `call_${toolResults + 1}`, args: JSON.stringify({ a: toolResults, b: 1 }) } }
    : { text: 'The sum is 5.' };
}

/** The lightest ChatEngine: answers from the script, parsing its JSON arguments like a real brain does. */
class InMemoryBrain implements ChatEngine {
  readonly id = 'in-memory';
  readonly supportsTools = true;
  readonly model = 'in-memory';
  async continueChat(messages: AgentMessage[]): Promise<BrainMessage> {
    const turn = scriptedTurn(messages.filter((m) => m.role === 'tool').length);
    if ('text' in turn) return { role: 'assistant', content: turn.text };
    return {
      role: 'assistant',
      content: '',
      toolCalls: [{ id: turn.call.id, name: 'add', arguments: JSON.parse(turn.call.args) }],
    };
  }
  async *streamChat(messages: AgentMessage[]): AsyncGenerator<string, BrainMessage, void> {
    const reply = await this.continueChat(messages);
    if (reply.content) yield reply.content;
    return reply;
  }
}

function oursWith(brain: ChatEngine, registry: ToolRegistry, stream = false): Contender {
  const engine = new NativeToolCallEngine({ brain, registry, maxIterations: 10, stream });
  return {
    async run() {
      toolTime.ms = 0;
      const { answer } = await engine.run([{ role: 'user', content: PROMPT }]);
      if (answer !== 'The sum is 5.') throw new Error(`ours answered ${JSON.stringify(answer)}`);
      return toolTime.ms;
    },
  };
}

const aiTools = {
  add: tool({
    description: 'Add two integers.',
    inputSchema: AddArgs,
    outputSchema: AddOutput,
    execute: async (args) => add(args),
  }),
};

function aiSdkWith(model: LanguageModel, afterRun: () => void = () => undefined): Contender {
  return {
    async run() {
      toolTime.ms = 0;
      const result = await generateText({
        model,
        tools: aiTools,
        prompt: PROMPT,
        stopWhen: stepCountIs(10),
        maxRetries: 0,
      });
      if (result.text !== 'The sum is 5.' || result.steps.length !== ITERATIONS)
        throw new Error(`AI SDK answered ${JSON.stringify(result.text)} in ${result.steps.length} steps`);
      afterRun();
      return toolTime.ms;
    },
  };
}

/** The streaming variant (the app's default path): streamText, consumed to the end. */
function aiSdkStreamWith(model: LanguageModel, afterRun: () => void): Contender {
  return {
    async run() {
      toolTime.ms = 0;
      const result = streamText({ model, tools: aiTools, prompt: PROMPT, stopWhen: stepCountIs(10), maxRetries: 0 });
      const [text, steps] = await Promise.all([result.text, result.steps]);
      if (text !== 'The sum is 5.' || steps.length !== ITERATIONS)
        throw new Error(`AI SDK streamed ${JSON.stringify(text)} in ${steps.length} steps`);
      afterRun();
      return toolTime.ms;
    },
  };
}

const usage = {
  inputTokens: { total: 10, noCache: 10, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 5, text: 5, reasoning: 0 },
};

function mockModel(): MockLanguageModelV3 {
  return new MockLanguageModelV3({
    doGenerate: async (options) => {
      const turn = scriptedTurn(options.prompt.filter((m) => m.role === 'tool').length);
      if ('text' in turn)
        return {
          content: [{ type: 'text', text: turn.text }],
          finishReason: { unified: 'stop', raw: 'stop' },
          usage,
          warnings: [],
        };
      return {
        content: [{ type: 'tool-call', toolCallId: turn.call.id, toolName: 'add', input: turn.call.args }],
        finishReason: { unified: 'tool-calls', raw: 'tool_calls' },
        usage,
        warnings: [],
      };
    },
  });
}

async function main() {
  const toolbox = new BenchToolBox();
  await toolbox.ready;
  const registry = new ToolRegistry([toolbox]);

  const mock = mockModel();
  const inProcess = await comparePair({
    name: 'engine-loop-in-process',
    baseline: 'ai@6 generateText + MockLanguageModelV3',
    targetRatio: 0.5,
    ours: oursWith(new InMemoryBrain(), registry),
    theirs: aiSdkWith(mock, () => (mock.doGenerateCalls.length = 0)),
    iterationsPerRun: ITERATIONS,
    warmupRuns: 300,
    runsPerBatch: 200,
    batches: 9,
  });
  process.stdout.write(`${JSON.stringify(inProcess)}\n`);

  const server = await startScriptedOpenAIServer({
    replies: (request) => {
      const turn = scriptedTurn(
        (request.body.messages as Array<{ role: string }>).filter((m) => m.role === 'tool').length,
      );
      return 'text' in turn
        ? { content: turn.text }
        : { toolCalls: [{ id: turn.call.id, name: 'add', arguments: turn.call.args }] };
    },
  });
  try {
    const brain = new OpenAIBrain({ model: 'bench-model', api_url: server.url, api_key: 'bench' });
    const provider = createOpenAICompatible({ name: 'bench', baseURL: server.url, apiKey: 'bench' });
    const overHttp = await comparePair({
      name: 'engine-loop-loopback-http',
      baseline: 'ai@6 generateText + @ai-sdk/openai-compatible@2',
      targetRatio: 0.8,
      ours: oursWith(brain, registry),
      theirs: aiSdkWith(provider.chatModel('bench-model'), () => (server.requests.length = 0)),
      iterationsPerRun: ITERATIONS,
      warmupRuns: 40,
      runsPerBatch: 60,
      batches: 9,
    });
    process.stdout.write(`${JSON.stringify(overHttp)}\n`);
    const streamed = await comparePair({
      name: 'engine-loop-loopback-http-stream',
      baseline: 'ai@6 streamText + @ai-sdk/openai-compatible@2',
      targetRatio: 0.8,
      ours: oursWith(brain, registry, true),
      theirs: aiSdkStreamWith(provider.chatModel('bench-model'), () => (server.requests.length = 0)),
      iterationsPerRun: ITERATIONS,
      warmupRuns: 30,
      runsPerBatch: 40,
      batches: 7,
    });
    process.stdout.write(`${JSON.stringify(streamed)}\n`);
  } finally {
    await server.close();
  }
}

main().catch((error) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
