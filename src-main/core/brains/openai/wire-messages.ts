import type { AgentMessage } from '../../../../shared/domain/message';
import { toWireMessage, type WireMessage } from './openai-wire';

interface Kept {
  wire: WireMessage;
  role: AgentMessage['role'];
  content: AgentMessage['content'];
  toolCallId: string | undefined;
  name: string | undefined;
  /** Each tool call's id, name and arguments text, as in `wire`. */
  calls: string[] | null;
}

/**
 * The wire form of a conversation's messages, kept from one request to the next: a loop's request repeats the
 * conversation so far, so a message at the same place as in the last request, the same object with every field it
 * came from the same, maps to the same (frozen) wire object. The session codec then knows a repeated message by
 * identity instead of comparing it field by field, which made storing a long run's requests grow with the square
 * of its length. Messages with images are mapped anew.
 */
export class WireMessages {
  private last: Array<{ source: AgentMessage; kept: Kept | null }> = [];

  /** `sent` in the wire format (what `sent.map(toWireMessage)` gives). */
  map(sent: AgentMessage[]): WireMessage[] {
    const next: Array<{ source: AgentMessage; kept: Kept | null }> = new Array(sent.length);
    const out: WireMessage[] = new Array(sent.length);
    for (let i = 0; i < sent.length; i++) {
      const message = sent[i];
      const before = this.last[i];
      let kept = before?.source === message ? before.kept : null;
      if (message.images?.length) kept = null;
      else if (!kept || !unchanged(kept, message)) kept = keep(message);
      next[i] = { source: message, kept };
      out[i] = kept ? kept.wire : toWireMessage(message);
    }
    this.last = next;
    return out;
  }
}

function keep(message: AgentMessage): Kept {
  const { role, content, toolCallId, name } = message;
  return { wire: freeze(toWireMessage(message)), role, content, toolCallId, name, calls: callsOf(message) };
}

function unchanged(kept: Kept, message: AgentMessage): boolean {
  return (
    kept.role === message.role &&
    kept.content === message.content &&
    kept.toolCallId === message.toolCallId &&
    kept.name === message.name &&
    sameKeys(kept.calls, callsOf(message))
  );
}

/** What the wire form of an assistant turn's tool calls is made of: ids, names, arguments as the JSON sent. */
function callsOf(message: AgentMessage): string[] | null {
  if (message.role !== 'assistant' || !message.toolCalls?.length) return null;
  const keys: string[] = [];
  for (const call of message.toolCalls) keys.push(call.id, call.name, JSON.stringify(call.arguments ?? {}));
  return keys;
}

function sameKeys(a: string[] | null, b: string[] | null): boolean {
  if (a === null || b === null) return a === b;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** Freezes a wire message and what it holds: a request that repeats it can never change an earlier one. */
function freeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    for (const inner of Object.values(value)) freeze(inner);
    Object.freeze(value);
  }
  return value;
}
