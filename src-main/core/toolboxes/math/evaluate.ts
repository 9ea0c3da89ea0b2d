import { z } from 'zod';
import { defineTool, ToolArguments, ToolOutput } from '../../toolbox';
import { math, MAX_EXPRESSION_LENGTH, parseGuarded } from './mathjs';
import { evaluatePython, NotInGrammar, parsePython } from './python-expr';

export const EvaluateArgs = ToolArguments.extend({
  expression: z
    .string()
    .describe(
      "A mathematical expression to evaluate, as in OVOS: +, -, *, /, //, %, ** and functions abs, round, sqrt, ceil, floor, log, log10, log2, exp, sin, cos, tan, asin, acos, atan, atan2, degrees, radians, factorial, gcd, lcm; constants pi, e, tau, inf. Also accepted: ^ as a power (2^10; OVOS's own evaluator refuses ^ as bitwise xor), and mathjs's functions and units (cbrt(27), sin(45 deg)).",
    ),
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

type Evaluated = z.input<typeof EvaluateOutput>;

/**
 * OVOS's evaluator first (Python's grammar and float semantics, full double precision, Python's error texts);
 * only what OVOS would refuse before evaluating (`^`, `5!`, units, functions it lacks) goes to mathjs, so an
 * expression OVOS accepts means the same here. A result that is not one finite real number is an error.
 */
export function evaluateExpression(expression: string): Evaluated {
  if (expression.length > MAX_EXPRESSION_LENGTH)
    return failed(
      expression,
      `The expression is too long (${expression.length} characters; at most ${MAX_EXPRESSION_LENGTH}).`,
    );
  let ovosError: string;
  try {
    return finite(expression, evaluatePython(parsePython(expression)));
  } catch (error) {
    if (!(error instanceof NotInGrammar)) return failed(expression, (error as Error).message);
    ovosError = error.message === 'invalid syntax' ? 'Syntax error: invalid syntax' : error.message;
  }
  return evaluateWithMathjs(expression, ovosError);
}

function evaluateWithMathjs(expression: string, ovosError: string): Evaluated {
  let value: unknown;
  try {
    value = parseGuarded(expression).evaluate({});
  } catch (error) {
    const message = (error as Error).message;
    // mathjs's own refusals (memory guards, disabled functions) say more than OVOS's syntax error.
    return failed(expression, /not (available|supported)|disabled/.test(message) ? message : ovosError);
  }
  if (typeof value === 'boolean') value = value ? 1 : 0;
  if (typeof value !== 'number') {
    const shown = (() => {
      try {
        return math.format(value as never, { precision: 17 });
      } catch {
        return String(value);
      }
    })();
    return failed(expression, `The expression did not evaluate to a real number (got ${shown}).`);
  }
  return finite(expression, value);
}

function finite(expression: string, value: number): Evaluated {
  if (Number.isNaN(value)) return failed(expression, 'The result is undefined (NaN), e.g. 0/0.');
  if (!Number.isFinite(value))
    return failed(expression, `The result is ${value > 0 ? 'infinite' : '-infinite'}, which JSON cannot carry.`);
  return { result: value, expression, error: null };
}

function failed(expression: string, error: string): Evaluated {
  return { result: null, expression, error };
}

export const evaluateExpressionTool = defineTool({
  name: 'evaluate_expression',
  description:
    'Evaluate a math expression as OVOS does (Python syntax: ** is a power, // floor division, % modulo; abs, round, sqrt, ceil, floor, log, exp, trigonometry, factorial, gcd, lcm; pi, e, tau) with full double precision and return its numeric value. ^ is also a power here.',
  argumentSchema: EvaluateArgs,
  outputSchema: EvaluateOutput,
  toolCall: ({ expression }) => evaluateExpression(expression),
});
