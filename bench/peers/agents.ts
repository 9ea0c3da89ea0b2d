/**
 * The OpenAI Agents JS side (@openai/agents 0.14.3): an Agent with one function tool, run by a Runner with tracing
 * disabled, on its chat-completions model (OpenAIChatCompletionsModel). In process that model gets an in-memory
 * client answering the scripted completion, so it still does its own mapping both ways (items -> chat messages,
 * the completion -> output items); over HTTP it gets a real OpenAI client pointed at the scripted server.
 */
import { Agent, OpenAIChatCompletionsModel, Runner, setTracingDisabled, tool, type Model } from '@openai/agents';
import OpenAI from 'openai';
import type { Contender } from '../harness';
import {
  AddArgs,
  addTool,
  ANSWER,
  iterationsOf,
  MODEL,
  PROMPT,
  scriptedCompletion,
  toolClock,
  type Script,
} from './script';

setTracingDisabled(true);

/** The subset of the OpenAI client the chat-completions model calls, answering in memory. */
export function inMemoryClient(script: Script, onRequest?: (body: Record<string, unknown>) => void): OpenAI {
  let completions = 0;
  return {
    baseURL: 'in-memory',
    chat: {
      completions: {
        create: async (body: Record<string, unknown>) => {
          onRequest?.(body);
          return scriptedCompletion(script, body, `chatcmpl-${++completions}`);
        },
      },
    },
  } as unknown as OpenAI;
}

/** Agents JS's chat-completions model on an OpenAI client (in memory, or a real one over HTTP). */
export function agentsModel(client: OpenAI): Model {
  return new OpenAIChatCompletionsModel(client, MODEL);
}

/** An HTTP client for the scripted server: no retries, as every other side. */
export function httpClient(baseURL: string): OpenAI {
  return new OpenAI({ baseURL, apiKey: 'bench', maxRetries: 0 });
}

/** One Runner.run conversation per `run()`. */
export function agentsJs(model: Model, script: Script, afterRun: () => void = () => undefined): Contender {
  const add = addTool(script);
  const agent = new Agent({
    name: 'bench',
    model,
    tools: [
      tool({
        name: 'add',
        description: 'Add two integers.',
        parameters: AddArgs,
        execute: async (args) => add(args),
      }),
    ],
  });
  const runner = new Runner({ tracingDisabled: true });
  const maxTurns = iterationsOf(script) + 1;
  return {
    async run() {
      toolClock.ms = 0;
      const result = await runner.run(agent, PROMPT, { maxTurns });
      if (result.finalOutput !== ANSWER) throw new Error(`Agents JS answered ${JSON.stringify(result.finalOutput)}`);
      afterRun();
      return toolClock.ms;
    },
  };
}
