import type { ToolCall } from '../../../shared/domain/message';
import type { ErrorValue } from '../../../shared/domain/errors';
import { parseJsonSafe } from '../../../shared/json/safe-json';

/** Longest raw-arguments text quoted back to the model. */
const MAX_QUOTED = 2000;

/**
 * A call whose arguments were not a JSON object is not run: running it with {} would answer a question nobody
 * asked (or fail on a "required property" the model did send, garbled). The model is told why, with its text.
 */
export function invalidArgumentsOutcome(call: ToolCall & { rawArguments: string }): {
  error: ErrorValue;
  content: string;
} {
  const reason = jsonProblem(call.rawArguments);
  const quoted =
    call.rawArguments.length > MAX_QUOTED ? `${call.rawArguments.slice(0, MAX_QUOTED)}…` : call.rawArguments;
  return {
    error: {
      code: 'tool_input_invalid',
      message: `The arguments for '${call.name}' are not valid JSON`,
      details: { rawArguments: call.rawArguments, cause: reason },
    },
    content: `Error: tool '${call.name}' was not run: its arguments are not a valid JSON object (${reason}). Raw arguments: ${quoted}`,
  };
}

function jsonProblem(text: string): string {
  try {
    const value: unknown = parseJsonSafe(text);
    return `expected an object, got ${Array.isArray(value) ? 'an array' : value === null ? 'null' : `a ${typeof value}`}`;
  } catch (error) {
    return (error as Error).message;
  }
}
