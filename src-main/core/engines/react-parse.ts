import { FINAL_ANSWER_TOKEN } from './react-prompt';

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

/** `(tool name, arguments)` from a ReAct reply, or null when there is no action or its JSON is invalid. */
export function parseAction(text: string): ReactAction | null {
  const action = /Action:\s*(\S+)/.exec(text);
  const input = /Action Input:\s*(\{)/.exec(text);
  if (!action || !input) return null;
  const json = extractJsonObject(text, input.index + input[0].length - 1);
  if (json === null) return null;
  try {
    const args = JSON.parse(json) as unknown;
    if (args === null || typeof args !== 'object' || Array.isArray(args)) return null;
    return { name: action[1].trim(), arguments: args as Record<string, unknown> };
  } catch {
    return null;
  }
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
