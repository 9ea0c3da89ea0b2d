import { FINAL_ANSWER_TOKEN } from './react-prompt';
import { parseJsonSafe } from '../../../shared/json/safe-json';

/**
 * The balanced JSON object starting at `text[start]` (a `{`): braces inside JSON strings are ignored and
 * backslash escapes honoured, so nested objects and `}` in values survive. Null when unterminated.
 */
export function extractJsonObject(text: string, start: number): string | null {
  let depth = 0;
  let inString = false;
  let escape = false;
  for (let i = start; i < text.length; i++) {
    const ch = text[i];
    if (escape) {
      escape = false;
      continue;
    }
    if (ch === '\\' && inString) {
      escape = true;
      continue;
    }
    if (ch === '"') {
      inString = !inString;
      continue;
    }
    if (inString) continue;
    if (ch === '{') depth++;
    else if (ch === '}') {
      depth--;
      if (depth === 0) return text.slice(start, i + 1);
    }
  }
  return null;
}

/** A ReAct action: `Action: <name>` plus the JSON object after `Action Input:`. */
export interface ReactAction {
  name: string;
  arguments: Record<string, unknown>;
}

/** `Action: <name>`: the name may be wrapped in backticks, quotes, brackets or markdown emphasis, or end with punctuation. */
const ACTION_PATTERN = /Action:[\s*`'"[(]*([A-Za-z0-9_-]+)/;
/** `Action Input:`, optionally followed by a code fence (```json), then the object's `{`. */
const INPUT_PATTERN = /Action Input:[\s*]*(?:```[A-Za-z]*\s*)?(\{)/;

/** `(tool name, arguments)` from a ReAct reply, or null when there is no action or its JSON is invalid. */
export function parseAction(text: string): ReactAction | null {
  return locateAction(text)?.action ?? null;
}

function locateAction(text: string): { action: ReactAction; index: number; start: number; end: number } | null {
  const action = ACTION_PATTERN.exec(text);
  if (!action) return null;
  const input = INPUT_PATTERN.exec(text.slice(action.index));
  if (!input) return null;
  const start = action.index + input.index + input[0].length - 1;
  const json = extractJsonObject(text, start);
  if (json === null) return null;
  try {
    const args = parseJsonSafe(json) as unknown;
    if (args === null || typeof args !== 'object' || Array.isArray(args)) return null;
    return {
      action: { name: action[1], arguments: args as Record<string, unknown> },
      index: action.index,
      start,
      end: start + json.length,
    };
  } catch {
    return null;
  }
}

/**
 * `turn` with its Action Input replaced by `args` (one JSON line), so a conversation whose call the user
 * edited shows the call that ran. The turn as it is when it has no parsable action.
 */
export function withActionInput(turn: string, args: Record<string, unknown>): string {
  const found = locateAction(turn);
  return found ? `${turn.slice(0, found.start)}${JSON.stringify(args)}${turn.slice(found.end)}` : turn;
}

/** What a ReAct reply asks for: the final answer, one action, or neither (the text itself is the answer). */
export type ReactStep =
  | { kind: 'final'; answer: string }
  /** `turn`: the reply up to the end of its Action Input, without an Observation the model made up after it. */
  | { kind: 'action'; action: ReactAction; turn: string }
  | { kind: 'text'; answer: string };

/**
 * Decides a ReAct reply. A reply with both a parsable action and `FINAL_ANSWER:` is an action unless the token
 * starts a line before the action: a Thought that mentions FINAL_ANSWER: ("...before I give the FINAL_ANSWER:")
 * or an answer the model wrote after its action (hallucinating the Observation) does not end the run.
 */
export function parseReactReply(text: string): ReactStep {
  const located = locateAction(text);
  const finalIdx = text.indexOf(FINAL_ANSWER_TOKEN);
  if (finalIdx !== -1) {
    const lineStart = text.lastIndexOf('\n', finalIdx - 1) + 1;
    const startsLine = /^[\s*>#_-]*$/.test(text.slice(lineStart, finalIdx));
    if (!located || (startsLine && finalIdx < located.index))
      return { kind: 'final', answer: text.slice(finalIdx + FINAL_ANSWER_TOKEN.length).trim() };
  }
  if (located) return { kind: 'action', action: located.action, turn: text.slice(0, located.end) };
  return { kind: 'text', answer: text };
}

/** The trimmed text after the first `FINAL_ANSWER:`, or null when the token is absent. */
export function extractFinalAnswer(text: string): string | null {
  const idx = text.indexOf(FINAL_ANSWER_TOKEN);
  if (idx === -1) return null;
  return text.slice(idx + FINAL_ANSWER_TOKEN.length).trim();
}

/**
 * Streams a ReAct reply's final answer while it arrives: nothing before `FINAL_ANSWER:`, leading whitespace
 * dropped and trailing whitespace held back, so the emitted pieces concatenate to exactly the trimmed answer.
 */
export class FinalAnswerStreamer {
  private text = '';
  private emitted = 0;

  /** Feeds one delta; returns the part of the answer that may be shown now ('' if none). */
  push(delta: string): string {
    this.text += delta;
    const idx = this.text.indexOf(FINAL_ANSWER_TOKEN);
    if (idx === -1) return '';
    const safe = this.text.slice(idx + FINAL_ANSWER_TOKEN.length).trim();
    if (safe.length <= this.emitted) return '';
    const out = safe.slice(this.emitted);
    this.emitted = safe.length;
    return out;
  }

  /** What is left to emit once the whole answer is known. */
  rest(answer: string): string {
    return answer.slice(this.emitted);
  }
}
