import * as py from './python-float';

/**
 * OVOS's `evaluate_expression` grammar, parsed and evaluated here (never eval): Python number literals, names,
 * calls, unary `+ -`, `+ - * / // % **` with Python's precedence (`-2**2` is -4, `**` is right-associative),
 * OVOS's function and constant list, every value a double as OVOS's `float()` makes it.
 * `NotInGrammar` marks what OVOS would refuse before evaluating (syntax it lacks, unknown names and functions):
 * the caller may then try mathjs's larger language; every other failure is OVOS's answer.
 */
export class NotInGrammar extends Error {}

type Node =
  | { kind: 'num'; value: number }
  | { kind: 'name'; id: string }
  | { kind: 'call'; fn: string; args: Node[] }
  | { kind: 'unary'; op: '+' | '-'; operand: Node }
  | { kind: 'binary'; op: BinaryOp; left: Node; right: Node };
type BinaryOp = '+' | '-' | '*' | '/' | '//' | '%' | '**';

const TOKEN =
  /\s*(?:(0[xX](?:_?[0-9a-fA-F])+|0[oO](?:_?[0-7])+|0[bB](?:_?[01])+|(?:\d(?:_?\d)*(?:\.(?:\d(?:_?\d)*)?)?|\.\d(?:_?\d)*)(?:[eE][+-]?\d(?:_?\d)*)?[jJ]?)|([A-Za-z_][A-Za-z0-9_]*)|(\*\*|\/\/|[-+*/%(),]))/y;

type Token = { type: 'num' | 'name' | 'op'; text: string };

function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  TOKEN.lastIndex = 0;
  let at = 0;
  while (at < source.length) {
    if (/^\s*$/.test(source.slice(at))) break;
    TOKEN.lastIndex = at;
    const m = TOKEN.exec(source);
    if (!m) throw new NotInGrammar(`'${source.slice(at).trim()[0]}' is not part of OVOS's expression syntax`);
    at = TOKEN.lastIndex;
    tokens.push(m[1] ? { type: 'num', text: m[1] } : m[2] ? { type: 'name', text: m[2] } : { type: 'op', text: m[3] });
  }
  return tokens;
}

function parseNumber(text: string): number {
  if (/[jJ]$/.test(text)) throw new py.PythonMathError("Unsupported constant type: <class 'complex'>");
  const t = text.replace(/_/g, '');
  if (/^0[xXoObB]/.test(t)) return py.intToFloat(BigInt(t.toLowerCase()));
  if (/^0+\d/.test(t) && /^\d+$/.test(t))
    throw new NotInGrammar('leading zeros in decimal integer literals are not permitted');
  return /^\d+$/.test(t) ? py.intToFloat(BigInt(t)) : Number(t);
}

/** Parses with Python's precedence; anything outside OVOS's grammar throws NotInGrammar. */
export function parsePython(source: string): Node {
  const tokens = tokenize(source.trim());
  let i = 0;
  const peek = () => tokens[i];
  const isOp = (...ops: string[]) => peek()?.type === 'op' && ops.includes(peek()!.text);
  const take = () => tokens[i++];
  const invalid = (): never => {
    throw new NotInGrammar('invalid syntax');
  };

  const expr = (): Node => {
    let left = term();
    while (isOp('+', '-')) left = { kind: 'binary', op: take().text as BinaryOp, left, right: term() };
    return left;
  };
  const term = (): Node => {
    let left = factor();
    while (isOp('*', '/', '//', '%')) left = { kind: 'binary', op: take().text as BinaryOp, left, right: factor() };
    return left;
  };
  const factor = (): Node => {
    if (isOp('+', '-')) return { kind: 'unary', op: take().text as '+' | '-', operand: factor() };
    return power();
  };
  const power = (): Node => {
    const base = primary();
    if (isOp('**')) {
      take();
      return { kind: 'binary', op: '**', left: base, right: factor() };
    }
    return base;
  };
  const primary = (): Node => {
    const t = take();
    if (!t) return invalid();
    let node: Node;
    if (t.type === 'num') node = { kind: 'num', value: parseNumber(t.text) };
    else if (t.type === 'name') node = { kind: 'name', id: t.text };
    else if (t.text === '(') {
      node = expr();
      if (!isOp(')')) invalid();
      take();
    } else return invalid();
    while (isOp('(')) {
      if (node.kind !== 'name') throw new NotInGrammar('Attribute access not permitted');
      take();
      const args: Node[] = [];
      while (!isOp(')')) {
        args.push(expr());
        if (isOp(',')) take();
        else if (!isOp(')')) invalid();
      }
      take();
      node = { kind: 'call', fn: node.id, args };
    }
    return node;
  };

  if (!tokens.length) invalid();
  const tree = expr();
  if (i < tokens.length) invalid();
  return tree;
}

const one =
  (name: string, f: (x: number) => number) =>
  (args: number[]): number => {
    if (args.length !== 1) throw new TypeError(`math.${name}() takes exactly one argument (${args.length} given)`);
    return f(args[0]);
  };
const math1 = (name: string, f: (x: number) => number, domain?: (x: number) => boolean) =>
  one(name, py.checked(name, f, domain ? (x) => domain(x) : undefined));
const toIntOrFloat = (x: number) => py.intToFloat(py.toInt(x));

/** OVOS's `_ALLOWED_FUNCS`, each taking and giving doubles as OVOS's `float(...)` wrapper does. */
const FUNCTIONS: Record<string, (args: number[]) => number> = {
  abs: (a) => {
    if (a.length !== 1) throw new TypeError(`abs() takes exactly one argument (${a.length} given)`);
    return Math.abs(a[0]);
  },
  round: (a) => {
    if (a.length === 0) throw new TypeError("round() missing required argument 'number' (pos 1)");
    if (a.length > 2) throw new TypeError(`round() takes at most 2 arguments (${a.length} given)`);
    // OVOS passes ndigits as a float, which Python's round refuses; a whole number is taken as the int meant.
    if (a.length === 2 && !Number.isInteger(a[1]))
      throw new TypeError("'float' object cannot be interpreted as an integer");
    return a.length === 1 ? py.round(a[0]) : py.round(a[0], a[1]);
  },
  sqrt: math1('sqrt', Math.sqrt, (x) => x >= 0 || Number.isNaN(x)),
  ceil: one('ceil', (x) => toIntOrFloat(Math.ceil(x))),
  floor: one('floor', (x) => toIntOrFloat(Math.floor(x))),
  log: (a) => {
    if (a.length < 1) throw new TypeError(`log expected at least 1 argument, got 0`);
    if (a.length > 2) throw new TypeError(`log expected at most 2 arguments, got ${a.length}`);
    const ln = py.checked('log', Math.log, (x) => x > 0 || Number.isNaN(x) || x === Infinity);
    return a.length === 1 ? ln(a[0]) : py.truediv(ln(a[0]), ln(a[1]));
  },
  log10: math1('log10', Math.log10, (x) => x > 0 || Number.isNaN(x) || x === Infinity),
  log2: math1('log2', Math.log2, (x) => x > 0 || Number.isNaN(x) || x === Infinity),
  exp: math1('exp', Math.exp),
  sin: math1('sin', Math.sin, Number.isFinite),
  cos: math1('cos', Math.cos, Number.isFinite),
  tan: math1('tan', Math.tan, Number.isFinite),
  asin: math1('asin', Math.asin),
  acos: math1('acos', Math.acos),
  atan: math1('atan', Math.atan),
  atan2: (a) => {
    if (a.length !== 2) throw new TypeError(`atan2 expected 2 arguments, got ${a.length}`);
    return Math.atan2(a[0], a[1]);
  },
  degrees: one('degrees', (x) => x * (180 / Math.PI)),
  radians: one('radians', (x) => x * (Math.PI / 180)),
  factorial: one('factorial', (x) => py.intToFloat(py.factorial(py.toInt(x)))),
  gcd: (a) => py.intToFloat(py.gcd(...a.map(py.toInt))),
  lcm: (a) => py.intToFloat(py.lcm(...a.map(py.toInt))),
};

const CONSTANTS: Record<string, number> = {
  pi: Math.PI,
  e: Math.E,
  tau: 2 * Math.PI,
  inf: Infinity,
  True: 1,
  False: 0,
};

const BINARY: Record<BinaryOp, (a: number, b: number) => number> = {
  '+': (a, b) => a + b,
  '-': (a, b) => a - b,
  '*': (a, b) => a * b,
  '/': py.truediv,
  '//': py.floordiv,
  '%': py.mod,
  '**': py.pow,
};

/** Evaluates a parsed expression as OVOS's `_safe_eval`; unknown names and functions throw NotInGrammar. */
export function evaluatePython(node: Node): number {
  switch (node.kind) {
    case 'num':
      return node.value;
    case 'name':
      if (node.id === 'None') throw new py.PythonMathError("Unsupported constant type: <class 'NoneType'>");
      if (node.id in CONSTANTS) return CONSTANTS[node.id];
      if (node.id in FUNCTIONS) throw new py.PythonMathError(`'${node.id}' is a function, not a constant`);
      throw new NotInGrammar(`Unknown name: '${node.id}'`);
    case 'call': {
      if (!(node.fn in FUNCTIONS)) throw new NotInGrammar(`Function not permitted: '${node.fn}'`);
      return FUNCTIONS[node.fn](node.args.map(evaluatePython));
    }
    case 'unary': {
      const v = evaluatePython(node.operand);
      return node.op === '-' ? -v : v;
    }
    case 'binary':
      return BINARY[node.op](evaluatePython(node.left), evaluatePython(node.right));
  }
}
