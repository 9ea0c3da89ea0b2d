import { z } from 'zod';
import type { MathNode } from 'mathjs';
import { defineTool, ToolArguments, ToolOutput } from '../../toolbox';
import { math, parseGuarded, tidy } from './mathjs';

export const SolveArgs = ToolArguments.extend({
  equation: z
    .string()
    .describe(
      "A linear or quadratic equation in one variable, e.g. '2x + 3 = 7', 'x^2 - 5x + 6 = 0', or as OVOS writes it, a Python expression equal to zero: 'x**2 - 4'.",
    ),
});

export const SolveOutput = ToolOutput.extend({
  solutions: z.array(z.number()).describe('The real solutions, ascending; empty when there are none.'),
  equation: z.string(),
  variable: z.string().nullable(),
  method: z.string().nullable().describe("'linear' or 'quadratic formula'."),
  error: z.string().nullable(),
});

type SolveResult = z.input<typeof SolveOutput>;

const CONSTANTS = new Set(['pi', 'PI', 'e', 'E', 'tau', 'phi', 'i', 'Infinity', 'NaN']);

/** Solves `lhs = rhs` (no '=' means '= 0') for its one variable; mathjs reduces it to polynomial coefficients. */
export function solveEquation(equation: string): SolveResult {
  const fail = (error: string, variable: string | null = null): SolveResult => ({
    solutions: [],
    equation,
    variable,
    method: null,
    error,
  });
  // OVOS writes equations in Python ('x**2 - 4'): ** is mathjs's ^, with the same precedence and associativity.
  const sides = equation.replace(/\*\*/g, '^').split('=');
  if (sides.length > 2 || sides.some((s) => !s.trim()))
    return fail("Write the equation as '<left> = <right>' with exactly one '='.");
  let node: MathNode;
  try {
    node = parseGuarded(sides.length === 2 ? `(${sides[0]}) - (${sides[1]})` : sides[0]);
  } catch (error) {
    return fail(`Could not read the equation: ${(error as Error).message}`);
  }
  const functions = new Set(
    node
      .filter((n) => (n as { isFunctionNode?: boolean }).isFunctionNode)
      .map((n) => (n as unknown as { fn: { name?: string } }).fn.name),
  );
  const variables = [
    ...new Set(
      node
        .filter((n) => (n as { isSymbolNode?: boolean }).isSymbolNode)
        .map((n) => (n as unknown as { name: string }).name)
        .filter((name) => !functions.has(name) && !CONSTANTS.has(name)),
    ),
  ];
  if (variables.length === 0) return fail('The equation has no variable to solve for.');
  if (variables.length > 1)
    return fail(`Only equations in one variable are supported; found ${variables.map((v) => `'${v}'`).join(', ')}.`);
  const [variable] = variables;
  const highPower = node.filter((n) => {
    const op = n as unknown as { type: string; op?: string; args?: { type: string; value?: unknown }[] };
    return (
      op.type === 'OperatorNode' &&
      op.op === '^' &&
      op.args?.[1]?.type === 'ConstantNode' &&
      Math.abs(Number(op.args[1].value)) > 8
    );
  });
  if (highPower.length) return fail('Only linear and quadratic equations are supported.', variable);
  let coefficients: number[];
  let denominator: MathNode | null;
  try {
    const scope = { pi: Math.PI, e: Math.E, tau: 2 * Math.PI, phi: (1 + Math.sqrt(5)) / 2 };
    const rationalized = math.rationalize(node, scope, true) as unknown as {
      coefficients: unknown[];
      denominator: MathNode | null;
    };
    coefficients = rationalized.coefficients.map((c) => Number(c));
    denominator = rationalized.denominator;
  } catch (error) {
    return fail(`Only polynomial equations are supported: ${(error as Error).message}`, variable);
  }
  while (coefficients.length && Math.abs(coefficients[coefficients.length - 1]) < 1e-15) coefficients.pop();
  const degree = coefficients.length - 1;
  if (coefficients.some((c) => !Number.isFinite(c)))
    return fail('The equation has non-numeric coefficients.', variable);
  if (degree > 2)
    return fail(`Only linear and quadratic equations are supported (this one has degree ${degree}).`, variable);
  if (degree <= 0) {
    const constant = coefficients[0] ?? 0;
    return fail(
      constant === 0 ? `Every value of ${variable} is a solution.` : 'The equation has no solution.',
      variable,
    );
  }
  const definedAt = (x: number) => !denominator || Math.abs(Number(denominator.evaluate({ [variable]: x }))) > 1e-12;
  if (degree === 1) {
    const [c0, c1] = coefficients;
    const solutions = [tidy(-c0 / c1)].filter(definedAt);
    return {
      solutions,
      equation,
      variable,
      method: 'linear',
      error: solutions.length ? null : 'The equation has no solution.',
    };
  }
  const [c, b, a] = coefficients;
  const discriminant = b * b - 4 * a * c;
  if (discriminant < -1e-12)
    return {
      ...fail(`No real solutions (the discriminant is ${tidy(discriminant)}).`, variable),
      method: 'quadratic formula',
    };
  const root = Math.sqrt(Math.max(discriminant, 0));
  const roots = [...new Set([(-b - root) / (2 * a), (-b + root) / (2 * a)].map(tidy))]
    .sort((x, y) => x - y)
    .filter(definedAt);
  return {
    solutions: roots,
    equation,
    variable,
    method: 'quadratic formula',
    error: roots.length ? null : 'The equation has no solution.',
  };
}

export const solveEquationTool = defineTool({
  name: 'solve_equation',
  description:
    "Solve a linear or quadratic equation in one variable, e.g. '2x + 3 = 7' or 'x^2 - 5x + 6 = 0'; returns the real solutions.",
  argumentSchema: SolveArgs,
  outputSchema: SolveOutput,
  toolCall: ({ equation }) => solveEquation(equation),
});
