import { z } from 'zod';
import { defineTool, ToolArguments, ToolOutput } from '../../toolbox';
import { math, parseGuarded, tidy } from './mathjs';

export const EvaluateArgs = ToolArguments.extend({
  expression: z.string().describe("A math expression, e.g. '12*9', 'sqrt(2)^2', 'sin(pi/4)', '2^10 / 8'."),
});

/** `result` is null on error: OVOS sends NaN, but JSON has no NaN. */
export const EvaluateOutput = ToolOutput.extend({
  result: z
    .number()
    .nullable()
    .describe('The value of the expression; null when it could not be evaluated (OVOS: NaN).'),
  expression: z.string().describe('The expression as given.'),
  error: z.string().nullable().describe('Why the expression could not be evaluated; null on success.'),
});

/** Evaluates with mathjs; a result that is not one finite real number becomes an error. */
export function evaluateExpression(expression: string): z.input<typeof EvaluateOutput> {
  let value: unknown;
  try {
    value = parseGuarded(expression).evaluate({});
  } catch (error) {
    return { result: null, expression, error: error instanceof Error ? error.message : String(error) };
  }
  if (typeof value === 'boolean') value = value ? 1 : 0;
  if (typeof value !== 'number') {
    const shown = (() => {
      try {
        return math.format(value as never, { precision: 12 });
      } catch {
        return String(value);
      }
    })();
    return { result: null, expression, error: `The expression did not evaluate to a real number (got ${shown}).` };
  }
  if (Number.isNaN(value)) return { result: null, expression, error: 'The result is undefined (NaN), e.g. 0/0.' };
  if (!Number.isFinite(value))
    return {
      result: null,
      expression,
      error: `Division by zero or overflow: the result is ${value > 0 ? 'Infinity' : '-Infinity'}.`,
    };
  return { result: tidy(value), expression, error: null };
}

export const evaluateExpressionTool = defineTool({
  name: 'evaluate_expression',
  description:
    'Evaluate a math expression (arithmetic, powers, roots, trigonometry, logarithms, constants pi and e) and return its numeric value.',
  argumentSchema: EvaluateArgs,
  outputSchema: EvaluateOutput,
  toolCall: ({ expression }) => evaluateExpression(expression),
});
