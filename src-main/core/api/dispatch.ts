import type { ErrorValue } from '../../../shared/domain/errors';
import { methods, type MethodName, type MethodOutput, type MethodParsedInput } from '../../../shared/ipc/contract';
import type { RpcRequest, RpcResponse } from '../../../shared/ipc/envelope';
import { toErrorValue } from '../errors';
import { logger } from '../log';
import { toIssues } from '../../../shared/domain/issues';
import { assertJsonSafe } from '../../../shared/json/safe-json';

export { toIssues };

const log = logger('api');

/** Who is calling: the transport that carried the request. */
export interface CallContext {
  transport: 'electron' | 'ws' | 'test';
  /** Which client calls (e.g. `window:3`), so what it leaves behind can be cleaned up when it goes away. */
  client?: string;
  /** Validate outputs against the contract too (tests; off in production). */
  validateOutput?: boolean;
}

/** One async function per method of the contract: a missing handler does not compile. */
export type Handlers = {
  [M in MethodName]: (input: MethodParsedInput<M>, ctx: CallContext) => Promise<MethodOutput<M>>;
};

function isMethod(name: string): name is MethodName {
  return Object.prototype.hasOwnProperty.call(methods, name);
}

const outputChecksDefault = () => Boolean(process.env.VITEST) || process.env.NODE_ENV === 'test';

/**
 * Runs one request: parses the input with the method's zod schema, runs its handler, returns the envelope.
 * Never throws: bad input, unknown methods and throwing handlers all become error values.
 */
export async function dispatch(handlers: Handlers, request: RpcRequest, ctx: CallContext): Promise<RpcResponse> {
  const { id, method } = request;
  const fail = (error: ErrorValue): RpcResponse => ({ id, ok: false, error });
  if (typeof method !== 'string' || !isMethod(method)) {
    return fail({ code: 'unknown_method', message: `Unknown method '${String(method)}'.` });
  }
  const spec = methods[method];
  try {
    assertJsonSafe(request.input);
  } catch (error) {
    return fail({ code: 'bad_input', message: `Bad input for '${method}': ${(error as Error).message}` });
  }
  const parsed = spec.input.safeParse(request.input ?? undefined);
  if (!parsed.success) {
    const issues = toIssues(parsed.error.issues);
    const first = issues[0];
    const where = first && first.path.length ? `${first.path.join('.')}: ` : '';
    return fail({
      code: 'bad_input',
      message: `Bad input for '${method}': ${where}${first?.message ?? 'invalid'}`,
      details: { issues },
    });
  }
  try {
    const handler = handlers[method] as (input: unknown, ctx: CallContext) => Promise<unknown>;
    const output = await handler(parsed.data, ctx);
    if (ctx.validateOutput ?? outputChecksDefault()) {
      const checked = spec.output.safeParse(output);
      if (!checked.success) {
        return fail({
          code: 'internal',
          message: `Output of '${method}' does not match the contract.`,
          details: { issues: toIssues(checked.error.issues) },
        });
      }
    }
    return { id, ok: true, output };
  } catch (error) {
    const value = toErrorValue(error);
    if (value.code === 'internal')
      log.error(`${method} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    return fail(value);
  }
}
