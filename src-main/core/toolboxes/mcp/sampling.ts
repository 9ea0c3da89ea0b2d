import type { CreateMessageRequest, CreateMessageResult } from '@modelcontextprotocol/sdk/types.js';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import type { AgentMessage } from '../../../../shared/domain/message';
import type { ChatEngine } from '../../brains/chat-engine';

type Params = CreateMessageRequest['params'];
type Block = { type?: string; text?: string; mimeType?: string; data?: string };

/** A content block as text for a text brain: text as is, media as a stub naming its type and size. */
function blockText(block: Block): string {
  if (block.type === 'text') return block.text ?? '';
  const bytes = typeof block.data === 'string' ? Math.floor((block.data.length * 3) / 4) : 0;
  return `[${block.type ?? 'content'} ${block.mimeType ?? ''} of ${bytes.toLocaleString('en')} bytes, not shown to this model]`;
}

/** The sampling request as our brain's conversation: its system prompt, then its messages in order. */
export function samplingMessages(params: Params): AgentMessage[] {
  const out: AgentMessage[] = [];
  if (params.systemPrompt) out.push({ role: 'system', content: params.systemPrompt });
  for (const m of params.messages) {
    const blocks = (Array.isArray(m.content) ? m.content : [m.content]) as Block[];
    out.push({ role: m.role === 'assistant' ? 'assistant' : 'user', content: blocks.map(blockText).join('\n') });
  }
  return out;
}

/** One line for the approval dialog: the last user text, shortened. */
export function samplingSummary(params: Params): string {
  const last = samplingMessages({ ...params, systemPrompt: undefined }).at(-1)?.content ?? '';
  return last.length > 200 ? `${last.slice(0, 199)}…` : last;
}

/**
 * Answers `sampling/createMessage` with the persona's brain (no tools offered). `maxTokens` and `temperature`
 * go to the provider as `max_tokens` / `temperature`. No brain: an error the server sees.
 */
export async function answerSampling(
  brain: ChatEngine | null,
  params: Params,
  signal: AbortSignal,
): Promise<CreateMessageResult> {
  if (!brain)
    throw new McpError(ErrorCode.InvalidRequest, 'This persona has no brain to answer the sampling request with.');
  const parameters: Record<string, unknown> = { ...(brain.requestParameters?.() ?? {}) };
  if (typeof params.maxTokens === 'number') parameters.max_tokens = params.maxTokens;
  if (typeof params.temperature === 'number') parameters.temperature = params.temperature;
  const reply = await brain.continueChat(samplingMessages(params), { signal, parameters });
  return {
    role: 'assistant',
    content: { type: 'text', text: reply.content },
    model: brain.model ?? brain.id,
    stopReason: 'endTurn',
  };
}
