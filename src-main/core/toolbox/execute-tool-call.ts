import { CancelledError, toErrorValue } from '../errors';
import { ToolExecutionError } from './tool-errors';
import type { ToolExecution, ToolRegistry } from './tool-registry';

export interface ExecuteOptions {
  signal?: AbortSignal;
  /** Per-call timeout; 0 or undefined = none. */
  timeoutMs?: number;
  /** The run's chat session, handed to the tool (bus tools send it as `context.session`). */
  sessionId?: string;
}

/**
 * Runs one tool call by the name the model (or a form) gave. The loop and manual form calls both go through
 * here, so validation, errors, timing and the text fed back to the model are identical.
 * Cancellation throws CancelledError; every other failure comes back as a value.
 */
export async function executeToolCall(
  registry: ToolRegistry,
  modelName: string,
  args: unknown,
  options: ExecuteOptions = {},
): Promise<ToolExecution> {
  const started = performance.now();
  const elapsed = () => Math.round((performance.now() - started) * 100) / 100;
  if (options.signal?.aborted) throw new CancelledError();
  let target = registry.resolve(modelName);
  if (!target) {
    // A tool may appear after a refresh (lazy discovery, as OVOS's get_tool).
    for (const tb of registry.toolboxes) {
      try {
        if (await tb.getTool(modelName)) break;
      } catch {
        // A toolbox whose discovery fails cannot have it.
      }
    }
    target = registry.resolve(modelName);
  }
  if (!target) {
    return {
      ok: false,
      error: { code: 'tool_not_found', message: `Tool '${modelName}' is not offered by any toolbox of this persona.` },
      content: `Error: tool '${modelName}' not found.`,
      durationMs: elapsed(),
      toolboxId: null,
    };
  }
  const controller = new AbortController();
  const onAbort = () => controller.abort(options.signal?.reason);
  options.signal?.addEventListener('abort', onAbort, { once: true });
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    const call = target.toolbox.callTool(target.name, args, {
      signal: controller.signal,
      sessionId: options.sessionId,
    });
    const guards: Promise<never>[] = [
      new Promise((_, reject) =>
        controller.signal.addEventListener('abort', () => reject(new CancelledError()), { once: true }),
      ),
    ];
    if (options.timeoutMs && options.timeoutMs > 0) {
      guards.push(
        new Promise((_, reject) => {
          timer = setTimeout(() => {
            const error = new ToolExecutionError(
              'tool_timeout',
              `Tool '${target!.name}' in ToolBox '${target!.toolbox.toolboxId}' timed out after ${options.timeoutMs! / 1000} s`,
            );
            reject(error);
            controller.abort(error);
          }, options.timeoutMs);
        }),
      );
    }
    call.catch(() => undefined);
    const result = await Promise.race([call, ...guards]);
    return {
      ok: true,
      result,
      content: JSON.stringify(result),
      durationMs: elapsed(),
      toolboxId: target.toolbox.toolboxId,
    };
  } catch (error) {
    if (error instanceof CancelledError || options.signal?.aborted)
      throw error instanceof CancelledError ? error : new CancelledError();
    const value = toErrorValue(error);
    return {
      ok: false,
      error: value,
      content: `Error: tool '${modelName}' failed: ${describeForModel(value)}`,
      durationMs: elapsed(),
      toolboxId: target.toolbox.toolboxId,
    };
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onAbort);
  }
}

/** The error message plus its issues or cause, so the model can correct its arguments. */
function describeForModel(error: { message: string; details?: unknown }): string {
  const details = error.details as
    { issues?: { path: (string | number)[]; message: string }[]; cause?: string } | undefined;
  if (details?.issues?.length)
    return `${error.message} (${details.issues.map((i) => `${i.path.join('.') || 'input'}: ${i.message}`).join('; ')})`;
  if (details?.cause) return `${error.message}: ${details.cause}`;
  return error.message;
}
