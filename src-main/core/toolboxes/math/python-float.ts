/**
 * Python's float arithmetic in JS doubles (both are IEEE 754 binary64), with CPython's error messages, so
 * `evaluate_expression` gives what OVOS's Python evaluator gives: floor division and modulo follow the divisor's
 * sign, `round` rounds half to even, and what Python raises becomes a PythonMathError with Python's text.
 */
export class PythonMathError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PythonMathError';
  }
}

const fail = (message: string): never => {
  throw new PythonMathError(message);
};

export function truediv(a: number, b: number): number {
  if (b === 0) fail('float division by zero');
  return a / b;
}

/** CPython's float_divmod: the floor quotient and the remainder with the divisor's sign. */
function divmod(a: number, b: number): [number, number] {
  let mod = a % b;
  let div = (a - mod) / b;
  if (mod) {
    if (b < 0 !== mod < 0) {
      mod += b;
      div -= 1;
    }
  } else mod = b < 0 ? -0 : 0;
  let floordiv: number;
  if (div) {
    floordiv = Math.floor(div);
    if (div - floordiv > 0.5) floordiv += 1;
  } else floordiv = a / b < 0 || Object.is(a / b, -0) ? -0 : 0;
  return [floordiv, mod];
}

export function floordiv(a: number, b: number): number {
  if (b === 0) fail('float floor division by zero');
  return divmod(a, b)[0];
}

export function mod(a: number, b: number): number {
  if (b === 0) fail('float modulo');
  return divmod(a, b)[1];
}

export function pow(a: number, b: number): number {
  if (a === 0 && b < 0) fail('0.0 cannot be raised to a negative power');
  if (a < 0 && Number.isFinite(b) && !Number.isInteger(b))
    fail("float() argument must be a string or a real number, not 'complex'");
  const r = a ** b;
  if (!Number.isFinite(r) && Number.isFinite(a) && Number.isFinite(b)) fail("(34, 'Numerical result out of range')");
  return r;
}

/** Round half to even, as Python's round(); with ndigits, on the exact binary value (round(2.675, 2) is 2.67). */
export function round(x: number, ndigits?: number): number {
  if (ndigits === undefined) {
    if (!Number.isFinite(x))
      fail(Number.isNaN(x) ? 'cannot convert float NaN to integer' : 'cannot convert float infinity to integer');
    return halfEven(x);
  }
  const n = Math.trunc(ndigits);
  if (!Number.isFinite(x) || Math.abs(x) >= 1e21 || n > 99) return x;
  if (n < 0) return halfEven(x / 10 ** -n) * 10 ** -n;
  // toFixed rounds the exact value, ties away from zero; an exact tie goes to the even digit instead.
  const frac = Math.abs(x).toFixed(100).split('.')[1];
  if (frac[n] === '5' && /^0*$/.test(frac.slice(n + 1))) {
    const truncated =
      (x < 0 ? '-' : '') +
      Math.abs(x)
        .toFixed(100)
        .slice(0, n === 0 ? -101 : n - 100);
    const last = Number(truncated.replace(/\D/g, '').slice(-1));
    if (last % 2 === 0) return Number(truncated);
  }
  return Number(x.toFixed(n));
}

function halfEven(x: number): number {
  const floor = Math.floor(x);
  const diff = x - floor;
  if (diff > 0.5) return floor + 1;
  if (diff < 0.5) return floor;
  return floor % 2 === 0 ? floor : floor + 1;
}

/** Python's int() of a float: truncation; NaN and infinities refused. */
export function toInt(x: number): bigint {
  if (Number.isNaN(x)) fail('cannot convert float NaN to integer');
  if (!Number.isFinite(x)) fail('cannot convert float infinity to integer');
  return BigInt(Math.trunc(x));
}

/** float() of a Python int: correctly rounded; too large for a double is Python's OverflowError. */
export function intToFloat(n: bigint): number {
  const f = Number(n);
  if (!Number.isFinite(f)) fail('int too large to convert to float');
  return f;
}

/** Bounds the work factorial may do: 171! and up do not fit a double anyway. */
const MAX_FACTORIAL = 100_000n;

export function factorial(n: bigint): bigint {
  if (n < 0n) fail('factorial() not defined for negative values');
  if (n > MAX_FACTORIAL) fail('int too large to convert to float');
  let r = 1n;
  for (let i = 2n; i <= n; i++) r *= i;
  return r;
}

export function gcd(...xs: bigint[]): bigint {
  let g = 0n;
  for (const x of xs) {
    let a = g;
    let b = x < 0n ? -x : x;
    while (b) [a, b] = [b, a % b];
    g = a;
  }
  return g;
}

export function lcm(...xs: bigint[]): bigint {
  if (!xs.length) return 1n;
  let l = 1n;
  for (const x of xs) {
    const a = x < 0n ? -x : x;
    if (a === 0n) return 0n;
    l = (l / gcd(l, a)) * a;
  }
  return l;
}

/** A math-module function on floats: NaN out of a finite input is a domain error, infinity a range error. */
export function checked(name: string, f: (...a: number[]) => number, domain?: (...a: number[]) => boolean) {
  return (...args: number[]): number => {
    if (domain && !domain(...args)) fail('math domain error');
    const r = f(...args);
    if (Number.isNaN(r) && !args.some(Number.isNaN)) fail('math domain error');
    if (!Number.isFinite(r) && args.every(Number.isFinite))
      fail(name === 'exp' ? 'math range error' : 'math domain error');
    return r;
  };
}
