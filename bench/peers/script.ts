/**
 * The scripted conversation every contender runs: `turns` tool-call turns of `add`, then the answer. The model's
 * next turn is decided from the number of tool results in the request (the same rule on every side), so no side
 * can take a shortcut. The tool may return a large payload (the large-result lines).
 */
import { z } from 'zod';
import { completionBody } from '../../src-main/core/testing/scripted-completion';

export const PROMPT = 'Add the numbers one by one.';
export const ANSWER = 'The sum is 5.';
export const MODEL = 'bench-model';

export const AddArgs = z.object({ a: z.number().int(), b: z.number().int() });
export const AddOutput = z.object({ result: z.number().int(), data: z.string().optional() });
export type AddResult = z.infer<typeof AddOutput>;

/** One conversation's shape: how many tool turns, and how many characters each tool result carries beside the sum. */
export interface Script {
  turns: number;
  payloadChars?: number;
}

/** Model requests per conversation: the tool turns and the answer. */
export const iterationsOf = (script: Script) => script.turns + 1;

/** Milliseconds spent inside the tool since the last reset: excluded from every contender's time. */
export const toolClock = { ms: 0 };

const payloads = new Map<number, string>();
function payload(chars: number): string {
  let text = payloads.get(chars);
  if (text === undefined) payloads.set(chars, (text = 'x'.repeat(chars)));
  return text;
}

/** The tool's work, timed into `toolClock`. */
export function addTool(script: Script) {
  return ({ a, b }: { a: number; b: number }): AddResult => {
    const t0 = performance.now();
    const result: AddResult = script.payloadChars
      ? { result: a + b, data: payload(script.payloadChars) }
      : { result: a + b };
    toolClock.ms += performance.now() - t0;
    return result;
  };
}

/** The scripted model's next turn after `toolResults` tool messages. */
export function scriptedTurn(
  script: Script,
  toolResults: number,
): { call: { id: string; args: string } } | { text: string } {
  return toolResults < script.turns
    ? { call: { id: `call_${toolResults + 1}`, args: JSON.stringify({ a: toolResults, b: 1 }) } }
    : { text: ANSWER };
}

/** How many tool messages a chat-completions `messages` array holds. */
export function toolMessagesIn(messages: unknown): number {
  let n = 0;
  for (const m of messages as Array<{ role?: unknown }>) if (m.role === 'tool') n++;
  return n;
}

/** The `chat.completion` object the scripted server would answer to a request body (in process, no HTTP). */
export function scriptedCompletion(script: Script, body: { messages?: unknown; model?: unknown }, id: string) {
  const turn = scriptedTurn(script, toolMessagesIn(body.messages ?? []));
  const model = typeof body.model === 'string' ? body.model : MODEL;
  return 'text' in turn
    ? completionBody(id, model, { content: turn.text }, [])
    : completionBody(id, model, {}, [{ id: turn.call.id, name: 'add', arguments: turn.call.args }]);
}

/** The scripted server's reply function for the same script (over HTTP). */
export function serverReply(script: Script) {
  return (request: { body: { messages?: unknown } }) => {
    const turn = scriptedTurn(script, toolMessagesIn(request.body.messages ?? []));
    return 'text' in turn
      ? { content: turn.text }
      : { toolCalls: [{ id: turn.call.id, name: 'add', arguments: turn.call.args }] };
  };
}
