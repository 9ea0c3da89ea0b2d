import { describe, expect, it } from 'vitest';
import { configSchemaOf } from '../../plugins/descriptor';
import { MathToolBox, mathToolbox } from './index';

const tb = new MathToolBox();
const call = (name: string, kwargs: Record<string, unknown>) => tb.callTool(name, kwargs);

describe('MathToolBox (ovos-math-tools)', () => {
  it('has the OVOS id, catalog metadata and four tools', async () => {
    await tb.ready;
    expect(tb.toolboxId).toBe('ovos-math-tools');
    expect(mathToolbox.title).toBe('Math');
    expect(configSchemaOf(mathToolbox)).toMatchObject({ type: 'object' });
    expect([...tb.tools.keys()]).toEqual([
      'evaluate_expression',
      'unit_convert',
      'statistics_summary',
      'solve_equation',
    ]);
  });

  describe('evaluate_expression', () => {
    it('evaluates OVOS expressions as OVOS does: Python operators, functions and full double precision', async () => {
      expect(await call('evaluate_expression', { expression: '12*9' })).toEqual({
        result: 108,
        expression: '12*9',
        error: null,
      });
      // Each value is Python's float(...) of the same expression (python3 -c), compared as the same double.
      const python: Array<[string, number]> = [
        ['123456789*987654321', 1.2193263111263526e17],
        ['pi', 3.141592653589793],
        ['2**10', 1024],
        ['7//2', 3],
        ['-7//2', -4],
        ['7.5//2', 3],
        ['1//0.1', 9],
        ['-7%3', 2],
        ['7%-3', -2],
        ['2**-1', 0.5],
        ['-2**2', -4],
        ['(-2)**2', 4],
        ['2**3**2', 512],
        ['round(2.5)', 2],
        ['round(3.5)', 4],
        ['round(2.675, 2)', 2.67],
        ['round(0.125, 2)', 0.12],
        ['factorial(20)', 2.43290200817664e18],
        ['factorial(25)', 1.5511210043330986e25],
        ['gcd(12, 18)', 6],
        ['lcm(4, 6, 10)', 60],
        ['log(8, 2)', 3],
        ['log10(1000)', 3],
        ['log2(1024)', 10],
        ['exp(1)', 2.718281828459045],
        ['atan2(1, 1)', 0.7853981633974483],
        ['degrees(pi)', 180],
        ['radians(180)', 3.141592653589793],
        ['tau', 6.283185307179586],
        ['e', 2.718281828459045],
        ['sqrt(2)', 1.4142135623730951],
        ['0.1 + 0.2', 0.30000000000000004],
        ['1_000 + 0x10', 1016],
        ['ceil(2.1)', 3],
        ['floor(-2.1)', -3],
        ['abs(-3)', 3],
        ['sin(pi/6)', 0.49999999999999994],
        ['asin(1)', 1.5707963267948966],
        ['2*pi*6371', 40030.173592041145],
      ];
      for (const [expression, value] of python)
        expect(await call('evaluate_expression', { expression }), expression).toEqual({
          result: value,
          expression,
          error: null,
        });
      expect(JSON.stringify((await call('evaluate_expression', { expression: '123456789*987654321' })).result)).toBe(
        '121932631112635260',
      );
    });

    it("answers with Python's error texts where OVOS fails, and a null result (NaN in OVOS; JSON has no NaN)", async () => {
      const errors: Array<[string, string]> = [
        ['1 / 0', 'float division by zero'],
        ['1 // 0', 'float floor division by zero'],
        ['1 % 0', 'float modulo'],
        ['0 ** -1', '0.0 cannot be raised to a negative power'],
        ['10.0 ** 400', "(34, 'Numerical result out of range')"],
        ['sqrt(-1)', 'math domain error'],
        ['log(0)', 'math domain error'],
        ['exp(1000)', 'math range error'],
        ['factorial(-1)', 'factorial() not defined for negative values'],
        ['factorial(171)', 'int too large to convert to float'],
        ['sqrt', "'sqrt' is a function, not a constant"],
        ['sqrt(1, 2)', 'math.sqrt() takes exactly one argument (2 given)'],
        ['atan2(1)', 'atan2 expected 2 arguments, got 1'],
        ['x + 1', "Unknown name: 'x'"],
        ['nosuchfn(2)', "Function not permitted: 'nosuchfn'"],
        ['2 +* 3', 'Syntax error: invalid syntax'],
        ['1j', "Unsupported constant type: <class 'complex'>"],
        ['inf', 'The result is infinite, which JSON cannot carry.'],
        ['inf - inf', 'The result is undefined (NaN), e.g. 0/0.'],
      ];
      for (const [expression, error] of errors)
        expect(await call('evaluate_expression', { expression }), expression).toEqual({
          result: null,
          expression,
          error,
        });
    });

    it('^ is a power (documented: OVOS refuses it as xor); mathjs extras only where OVOS has no meaning', async () => {
      expect((await call('evaluate_expression', { expression: '2^10' })).result).toBe(1024);
      expect((await call('evaluate_expression', { expression: 'sqrt(16) + 2^3 + sin(pi/2)' })).result).toBe(13);
      expect((await call('evaluate_expression', { expression: 'cbrt(27)' })).result).toBe(3);
      expect((await call('evaluate_expression', { expression: '5!' })).result).toBe(120);
      expect((await call('evaluate_expression', { expression: 'sin(90 deg)' })).result).toBe(1);
      const tool = tb.tools.get('evaluate_expression')!;
      expect(tool.description).toContain('^ is also a power here');
      expect(JSON.stringify(tb.toolJsonList[0].argument_schema)).toContain('OVOS');
      expect((await call('evaluate_expression', { expression: '[1, 2]' })).error).toBe(
        'The expression did not evaluate to a real number (got [1, 2]).',
      );
    });

    it('never reaches JavaScript: no eval, no import, no process', async () => {
      for (const expression of [
        'import({}, {override: true})',
        'createUnit("foo")',
        'process.exit(1)',
        'constructor.constructor("return process")()',
      ]) {
        const out = await call('evaluate_expression', { expression });
        expect(out.result).toBeNull();
        expect(typeof out.error).toBe('string');
      }
    });
    it('refuses expressions that could exhaust memory or time', async () => {
      expect((await call('evaluate_expression', { expression: 'zeros(100000, 100000)' })).error).toBe(
        'Function zeros is not available here.',
      );
      expect((await call('evaluate_expression', { expression: 'sum(1:1e9)' })).error).toBe(
        'Ranges (a:b) are not supported.',
      );
      expect((await call('evaluate_expression', { expression: '1+'.repeat(600) + '1' })).error).toBe(
        'The expression is too long (1201 characters; at most 1000).',
      );
      expect((await call('evaluate_expression', { expression: 'f(x) = x^2; f(3)' })).error).toMatch(
        /did not evaluate to a real number/,
      );
    });
  });

  describe('unit_convert', () => {
    it('converts 1 km to mi in the length category', async () => {
      const out = await call('unit_convert', { value: 1, from_unit: 'km', to_unit: 'mi' });
      expect(out).toMatchObject({ from_unit: 'km', to_unit: 'mi', category: 'length', error: null });
      expect(out.result as number).toBeCloseTo(0.621371, 6);
    });

    it('converts temperatures, speeds, data and lax numeric strings', async () => {
      expect(await call('unit_convert', { value: 100, from_unit: 'C', to_unit: 'F' })).toMatchObject({
        result: 212,
        category: 'temperature',
      });
      expect(await call('unit_convert', { value: '0', from_unit: 'celsius', to_unit: 'K' })).toMatchObject({
        result: 273.15,
      });
      expect(await call('unit_convert', { value: 60, from_unit: 'mph', to_unit: 'km/h' })).toMatchObject({
        result: 96.56064,
        category: 'speed',
      });
      expect(await call('unit_convert', { value: 1, from_unit: 'GB', to_unit: 'MB' })).toMatchObject({
        result: 1000,
        category: 'data',
      });
      expect(await call('unit_convert', { value: 2, from_unit: 'lb', to_unit: 'kg' })).toMatchObject({
        result: 0.90718474,
        category: 'mass',
      });
    });

    it("unknown unit -> Unknown unit: 'x'; km -> kg -> incompatible categories", async () => {
      expect(await call('unit_convert', { value: 1, from_unit: 'x', to_unit: 'm' })).toEqual({
        result: null,
        from_unit: 'x',
        to_unit: 'm',
        category: null,
        error: "Unknown unit: 'x'",
      });
      expect((await call('unit_convert', { value: 1, from_unit: 'm', to_unit: 'furlongz' })).error).toBe(
        "Unknown unit: 'furlongz'",
      );
      expect(await call('unit_convert', { value: 1, from_unit: 'km', to_unit: 'kg' })).toEqual({
        result: null,
        from_unit: 'km',
        to_unit: 'kg',
        category: null,
        error: "Incompatible categories: 'length' vs 'mass'",
      });
    });
  });

  describe('statistics_summary', () => {
    it('summarizes with the sample standard deviation', async () => {
      expect(await call('statistics_summary', { numbers: [2, 4, 4, 4, 5, 5, 7, 9] })).toEqual({
        count: 8,
        mean: 5,
        median: 4.5,
        min: 2,
        max: 9,
        stdev: 2.1380899353,
        error: null,
      });
      expect(await call('statistics_summary', { numbers: ['3', 1, 2] })).toMatchObject({
        count: 3,
        median: 2,
        mean: 2,
        stdev: 1,
      });
    });

    it('one number -> stdev null; empty -> Empty list provided.', async () => {
      expect(await call('statistics_summary', { numbers: [42] })).toEqual({
        count: 1,
        mean: 42,
        median: 42,
        min: 42,
        max: 42,
        stdev: null,
        error: null,
      });
      expect(await call('statistics_summary', { numbers: [] })).toEqual({
        count: 0,
        mean: null,
        median: null,
        min: null,
        max: null,
        stdev: null,
        error: 'Empty list provided.',
      });
    });

    it('rejects a non-list as invalid input', async () => {
      await expect(call('statistics_summary', { numbers: 'one two' })).rejects.toThrow(
        "Tool input validation failed for 'statistics_summary' in ToolBox 'ovos-math-tools'",
      );
    });
  });

  describe('solve_equation', () => {
    it("reads OVOS's Python form: 'x**2 - 4' solves x² = 4 (issue 11.5)", async () => {
      expect(await call('solve_equation', { equation: 'x**2 - 4' })).toMatchObject({ solutions: [-2, 2], error: null });
      expect(await call('solve_equation', { equation: '-x**2 + 9' })).toMatchObject({
        solutions: [-3, 3],
        error: null,
      });
    });

    it('solves linear and quadratic equations in one variable', async () => {
      expect(await call('solve_equation', { equation: '2x + 3 = 7' })).toEqual({
        solutions: [2],
        equation: '2x + 3 = 7',
        variable: 'x',
        method: 'linear',
        error: null,
      });
      expect(await call('solve_equation', { equation: 'x^2 - 5x + 6 = 0' })).toMatchObject({
        solutions: [2, 3],
        method: 'quadratic formula',
        error: null,
      });
      expect(await call('solve_equation', { equation: 'y^2 = 2y - 1' })).toMatchObject({
        solutions: [1],
        variable: 'y',
      });
      expect(await call('solve_equation', { equation: '1/t + 2 = 0' })).toMatchObject({
        solutions: [-0.5],
        variable: 't',
      });
      expect(((await call('solve_equation', { equation: '2*pi*r = 10' })).solutions as number[])[0]).toBeCloseTo(
        1.5915494,
        6,
      );
    });

    it('explains what it cannot solve', async () => {
      expect(await call('solve_equation', { equation: 'x^2 + 1 = 0' })).toMatchObject({
        solutions: [],
        error: 'No real solutions (the discriminant is -4).',
      });
      expect((await call('solve_equation', { equation: 'x^3 = 1' })).error).toBe(
        'Only linear and quadratic equations are supported (this one has degree 3).',
      );
      expect((await call('solve_equation', { equation: 'x*y = 2' })).error).toBe(
        "Only equations in one variable are supported; found 'x', 'y'.",
      );
      expect((await call('solve_equation', { equation: 'sin(x) = 0' })).error).toMatch(
        /^Only polynomial equations are supported/,
      );
      expect((await call('solve_equation', { equation: 'x = x + 1' })).error).toBe('The equation has no solution.');
      expect((await call('solve_equation', { equation: '2x = 2x' })).error).toBe('Every value of x is a solution.');
      expect((await call('solve_equation', { equation: '3 = 3' })).error).toBe(
        'The equation has no variable to solve for.',
      );
      expect((await call('solve_equation', { equation: 'x = 1 = 2' })).error).toBe(
        "Write the equation as '<left> = <right>' with exactly one '='.",
      );
      expect((await call('solve_equation', { equation: '(x+1)^1000 = 0' })).error).toBe(
        'Only linear and quadratic equations are supported.',
      );
      expect((await call('solve_equation', { equation: '2x + = 1' })).error).toMatch(/^Could not read the equation: /);
    });
  });
});
