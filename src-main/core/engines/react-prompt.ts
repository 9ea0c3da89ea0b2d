import type { AgentMessage, ToolCall } from '../../../shared/domain/message';
import { imageParts, type FeedMedia } from '../toolbox/model-feed';
import { imageLabel } from './step-images';

/** The ReAct text protocol of OVOS's ReActLoopEngine: the exact strings the model sees. */

/** Marks the model's final answer; the text after its first occurrence is the answer. */
export const FINAL_ANSWER_TOKEN = 'FINAL_ANSWER:';

/** Appended as a user message after max_iterations, before the one last request. */
export const MAX_ITERATIONS_PROMPT = `You have used the maximum number of tool calls. Provide your best ${FINAL_ANSWER_TOKEN} now.`;

/** Returned as the answer when the persona has no brain. */
export const NO_BRAIN_ANSWER = 'Error: no brain configured.';

const REACT_SYSTEM_PROMPT = `You have access to tools. On each turn you MUST choose one of:

1. Use a tool:
   Thought: <reason about what to do>
   Action: <tool_name>
   Action Input: <JSON object matching the tool's argument schema>

2. Give the final answer (only when you have enough information):
   Thought: <reason>
   ${FINAL_ANSWER_TOKEN} <your answer to the user>

Available tools (JSON schema):
{tool_schemas}

Rules:
- Never skip the Thought line.
- Action Input MUST be valid JSON.
- Call only ONE tool per turn.
- After receiving an Observation, continue reasoning.
- Use ${FINAL_ANSWER_TOKEN} only once, as the last step.
`;

/** The ReAct system prompt with the tool schemas embedded as 2-space JSON (OVOS's `json.dumps(schemas, indent=2)`). */
export function buildReactSystemPrompt(toolSchemas: unknown[]): string {
  return REACT_SYSTEM_PROMPT.replace('{tool_schemas}', () => JSON.stringify(toolSchemas, null, 2));
}

/** The Observation turn fed back after a ReAct action. */
export function observation(content: string): string {
  return `Observation: ${content}`;
}

/** The Observation user message: the result's text, and its images when the brain accepts images (runToolCall decided). */
export function observationMessage(
  result: { content: string; images: FeedMedia[] },
  call: Pick<ToolCall, 'id' | 'name'>,
): AgentMessage {
  const message: AgentMessage = { role: 'user', content: observation(result.content) };
  if (result.images.length) message.images = imageParts(result.images, (i) => imageLabel(i + 1, call));
  return message;
}
