import type { AgentMessage } from '../../../../shared/domain/message';
import { toWireMessage } from './openai-wire';

type Json = Record<string, unknown>;

const COMMA = Buffer.from(',');

interface Cached {
  role: AgentMessage['role'];
  content: string;
  toolCallId: string | undefined;
  name: string | undefined;
  /** The wire message's JSON, as UTF-8. */
  bytes: Buffer;
}

/**
 * Serializes chat requests, each message's JSON kept (as UTF-8 bytes) between requests: a loop's request repeats the
 * whole conversation so far, so with large tool results most of each body is text already escaped and encoded once;
 * a body is then one copy of bytes. Only messages made of strings are kept (no images, no tool calls, whose objects
 * could change in place), and kept bytes are used only while every field they came from is the same string: the
 * body is always JSON.stringify(request) in UTF-8, byte for byte.
 */
export class RequestSerializer {
  private readonly cache = new WeakMap<AgentMessage, Cached>();

  /** JSON.stringify(request) as UTF-8, where `request.messages` is `sent.map(toWireMessage)`. */
  body(request: Json, sent: AgentMessage[]): Buffer {
    const chunks: Buffer[] = [];
    let text = '{';
    for (const [key, value] of Object.entries(request)) {
      const messages = key === 'messages' && value !== undefined;
      const json = messages ? '' : JSON.stringify(value);
      if (json === undefined) continue;
      text += `${text.length > 1 || chunks.length ? ',' : ''}${JSON.stringify(key)}:${json}`;
      if (!messages) continue;
      chunks.push(Buffer.from(`${text}[`));
      for (let i = 0; i < sent.length; i++) {
        if (i) chunks.push(COMMA);
        chunks.push(this.message(sent[i]));
      }
      text = ']';
    }
    chunks.push(Buffer.from(`${text}}`));
    return chunks.length === 1 ? chunks[0] : Buffer.concat(chunks);
  }

  private message(message: AgentMessage): Buffer {
    if (message.images?.length || message.toolCalls?.length || typeof message.content !== 'string')
      return Buffer.from(JSON.stringify(toWireMessage(message)));
    const kept = this.cache.get(message);
    if (
      kept &&
      kept.role === message.role &&
      kept.content === message.content &&
      kept.toolCallId === message.toolCallId &&
      kept.name === message.name
    )
      return kept.bytes;
    const bytes = Buffer.from(JSON.stringify(toWireMessage(message)));
    this.cache.set(message, {
      role: message.role,
      content: message.content,
      toolCallId: message.toolCallId,
      name: message.name,
      bytes,
    });
    return bytes;
  }
}
