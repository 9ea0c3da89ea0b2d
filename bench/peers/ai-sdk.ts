/**
 * The Vercel AI SDK side: generateText / streamText tool loops. Tools get `zodSchema()`-wrapped schemas (a raw zod
 * schema makes the SDK rebuild its JSON Schema on every step). In process the model is MockLanguageModelV3
 * answering from the same script; over HTTP it is @ai-sdk/openai-compatible against the scripted server.
 */
import { generateText, stepCountIs, streamText, tool, zodSchema, type LanguageModel } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import type { Contender } from '../harness';
import {
  AddArgs,
  AddOutput,
  addTool,
  ANSWER,
  iterationsOf,
  PROMPT,
  scriptedTurn,
  toolClock,
  type Script,
} from './script';

function aiTools(script: Script) {
  const add = addTool(script);
  return {
    add: tool({
      description: 'Add two integers.',
      inputSchema: zodSchema(AddArgs),
      outputSchema: zodSchema(AddOutput),
      execute: async (args) => add(args),
    }),
  };
}

const usage = {
  inputTokens: { total: 10, noCache: 10, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 5, text: 5, reasoning: 0 },
};

/** An in-memory model answering from the script (the AI SDK's own test double). */
export function mockModel(script: Script): MockLanguageModelV3 {
  return new MockLanguageModelV3({
    doGenerate: async (options) => {
      const turn = scriptedTurn(script, options.prompt.filter((m) => m.role === 'tool').length);
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

/** One generateText (or, with `stream`, streamText consumed to the end) conversation per `run()`. */
export function aiSdk(
  model: LanguageModel,
  script: Script,
  options: { stream?: boolean; afterRun?: () => void } = {},
): Contender {
  const tools = aiTools(script);
  const steps = iterationsOf(script);
  return {
    async run() {
      toolClock.ms = 0;
      let text: string;
      let stepCount: number;
      if (options.stream) {
        const result = streamText({ model, tools, prompt: PROMPT, stopWhen: stepCountIs(steps + 1), maxRetries: 0 });
        const [t, s] = await Promise.all([result.text, result.steps]);
        text = t;
        stepCount = s.length;
      } else {
        const result = await generateText({
          model,
          tools,
          prompt: PROMPT,
          stopWhen: stepCountIs(steps + 1),
          maxRetries: 0,
        });
        text = result.text;
        stepCount = result.steps.length;
      }
      if (text !== ANSWER || stepCount !== steps)
        throw new Error(`AI SDK answered ${JSON.stringify(text)} in ${stepCount} steps`);
      options.afterRun?.();
      return toolClock.ms;
    },
  };
}
