import { randomUUID } from 'node:crypto';
import {
  type Breakpoints,
  type ModelRequest,
  type PausedAtTool,
  type PauseReason,
  type PauseState,
  type ResumeAction,
  type ResumeMode,
} from '../../../shared/domain/debug';
import type { ErrorValue } from '../../../shared/domain/errors';
import type { ApprovalMode } from '../../../shared/domain/persona';
import type { LoopDebugger } from '../engines/loop-context';
import { CancelledError, StudioError } from '../errors';
import { coerceLax, validateWith, type GatedCall, type GateDecision, type ToolGate } from '../toolbox';
import { BreakpointWatch } from './breakpoint-watch';

/** What a tool whose approval is `ask` does when nobody is there to approve: pause, run anyway, or be refused. */
export type ApprovalHandling = 'pause' | 'allow' | 'deny';

export interface DebugSessionOptions {
  runId: string;
  sessionId: string;
  personaId: string | null;
  /** The breakpoints now (they may change while the run goes on, or while it is paused). */
  breakpoints: () => Breakpoints;
  /** The approval of a tool (the toolbox's own name for it); default: auto for every tool. */
  approval?: (toolboxId: string, tool: string) => ApprovalMode;
  approvals?: ApprovalHandling;
  /** Why a call was refused for want of approval (the tool error's message), for `approvals: 'deny'`. */
  approvalDeniedMessage?: (tool: string) => string;
  /** The loop iteration now (the run's tracer). */
  iteration: () => number;
  /** Cancels the run (Stop). */
  cancel: (reason: string) => void;
  onPause: (state: PauseState) => void;
  onResume: (pause: PauseState, action: ResumeAction['action']) => void;
}

interface Pending {
  state: PauseState;
  call: GatedCall | null;
  resolve: (action: ResumeAction) => void;
}

/**
 * One run's debugger: the LoopDebugger hooks the loop calls before each tool and model call, the pause it
 * may be waiting in, and resume(). A pause waits without any timer; cancelling the run ends it at once.
 * Step pauses at the next tool or model call; Continue at the next breakpoint.
 */
export class DebugSession implements LoopDebugger, ToolGate {
  private mode: ResumeMode = 'continue';
  private pending: Pending | null = null;

  constructor(private readonly options: DebugSessionOptions) {}

  get runId(): string {
    return this.options.runId;
  }

  get sessionId(): string {
    return this.options.sessionId;
  }

  /** The pause the run waits in, or null. */
  get paused(): PauseState | null {
    return this.pending?.state ?? null;
  }

  /** The gate before every tool call: the session itself (its methods), so a run's session makes no closures. */
  readonly tools: ToolGate = this;
  private readonly watch = new BreakpointWatch();

  /** Not stepping and no breakpoint before model requests: the request goes as it is. */
  passesModel(): boolean {
    return this.mode !== 'step' && !this.options.breakpoints().beforeModel;
  }

  /** Null at once when no breakpoint stops the request; else a promise of the pause's outcome. */
  beforeModel(
    request: () => ModelRequest,
    signal: AbortSignal | undefined,
  ): ModelRequest | null | Promise<ModelRequest | null> {
    const reason: PauseReason | null =
      this.mode === 'step' ? 'step' : this.options.breakpoints().beforeModel ? 'breakpoint' : null;
    return reason ? this.pauseAtModel(reason, request(), signal) : null;
  }

  private async pauseAtModel(
    reason: PauseReason,
    request: ModelRequest,
    signal: AbortSignal | undefined,
  ): Promise<ModelRequest | null> {
    const action = await this.wait(reason, { kind: 'model', request }, null, signal);
    if (action.action === 'send') {
      this.mode = action.then;
      return action.request;
    }
    if (action.action === 'continue' || action.action === 'step') this.mode = action.action;
    return null;
  }

  /**
   * Resumes the current pause with `action`, checked first (the run stays paused when it is refused): the pause
   * must be `pauseId`, the action must fit it, edited arguments and mocked results must fit the tool's schemas.
   */
  resume(pauseId: string, action: ResumeAction): void {
    const pending = this.pending;
    if (!pending || pending.state.pauseId !== pauseId)
      throw new StudioError('not_found', `Run ${this.runId} is not paused at ${pauseId} (it has moved on).`);
    checkAction(pending, action);
    pending.resolve(action);
  }

  /** ToolGate.passes: not stepping, no breakpoint names the tool, and the tool does not ask for approval. */
  passes(modelName: string, toolboxId: string | null, toolName: string | null): boolean {
    if (this.mode === 'step' || this.watch.mayStop(this.options.breakpoints(), modelName)) return false;
    return !(toolboxId && toolName && this.options.approval?.(toolboxId, toolName) === 'ask');
  }

  /** ToolGate.before: passes at once unless stepping, a breakpoint names the call, or the tool asks for approval. */
  before(call: GatedCall, signal: AbortSignal | undefined): GateDecision | Promise<GateDecision> {
    const ask = call.toolboxId && call.toolName && this.options.approval?.(call.toolboxId, call.toolName) === 'ask';
    const handling = this.options.approvals ?? 'pause';
    const reason: PauseReason | null =
      this.mode === 'step'
        ? 'step'
        : this.watch.stops(this.options.breakpoints(), call.modelName, call.arguments)
          ? 'breakpoint'
          : ask && handling === 'pause'
            ? 'approval'
            : null;
    if (!reason) {
      if (ask && handling === 'deny') {
        return {
          kind: 'deny',
          code: 'approval_required',
          message:
            this.options.approvalDeniedMessage?.(call.modelName) ??
            `Tool '${call.modelName}' needs the user's approval.`,
        };
      }
      return { kind: 'run', arguments: call.arguments };
    }
    return this.wait(reason, toolPause(call, null, null), call, signal).then(
      (action) => this.toolDecision(action) ?? { kind: 'run', arguments: call.arguments },
    );
  }

  /** ToolGate.afterError: pauses at a failed call when the breakpoints stop on tool errors. */
  afterError(
    call: GatedCall,
    ran: Record<string, unknown>,
    error: ErrorValue,
    signal: AbortSignal | undefined,
  ): GateDecision | null | Promise<GateDecision | null> {
    if (!this.options.breakpoints().onToolError) return null;
    return this.wait('tool_error', toolPause(call, ran, error), call, signal).then((action) =>
      this.toolDecision(action),
    );
  }

  /** A resume action at a tool as the gate's decision; null = go on unchanged. */
  private toolDecision(action: ResumeAction): GateDecision | null {
    switch (action.action) {
      case 'run':
        this.mode = action.then;
        return { kind: 'run', arguments: action.arguments };
      case 'mock':
        this.mode = action.then;
        return { kind: 'mock', result: action.result };
      case 'deny':
        this.mode = action.then;
        return { kind: 'deny', code: 'tool_denied', ...(action.reason ? { reason: action.reason } : {}) };
      case 'continue':
      case 'step':
        this.mode = action.action;
        return null;
      case 'send':
      case 'stop':
        return null;
    }
  }

  /** Pauses until resume() or cancellation; Stop cancels the run. */
  private wait(
    reason: PauseReason,
    at: PauseState['at'],
    call: GatedCall | null,
    signal: AbortSignal | undefined,
  ): Promise<ResumeAction> {
    if (signal?.aborted) return Promise.reject(new CancelledError());
    const state: PauseState = {
      pauseId: `pause_${randomUUID()}`,
      runId: this.options.runId,
      sessionId: this.options.sessionId,
      personaId: this.options.personaId,
      iteration: this.options.iteration(),
      reason,
      since: Date.now(),
      at,
    };
    return new Promise<ResumeAction>((resolve, reject) => {
      const finish = (action: ResumeAction['action']) => {
        signal?.removeEventListener('abort', onAbort);
        this.pending = null;
        this.options.onResume(state, action);
      };
      const onAbort = () => {
        finish('stop');
        reject(new CancelledError());
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.pending = {
        state,
        call,
        resolve: (action) => {
          if (action.action === 'stop') {
            this.options.cancel('Stopped in the debugger.');
            if (this.pending?.state === state) onAbort();
            return;
          }
          finish(action.action);
          resolve(action);
        },
      };
      this.options.onPause(state);
    });
  }
}

function toolPause(call: GatedCall, ran: Record<string, unknown> | null, error: ErrorValue | null): PausedAtTool {
  const schemas = call.schemas();
  return {
    kind: 'tool',
    toolCallId: call.toolCallId,
    name: call.modelName,
    toolboxId: call.toolboxId,
    arguments: call.arguments,
    ranArguments: ran,
    argumentSchema: schemas?.argumentSchema ?? null,
    outputSchema: schemas?.outputSchema ?? null,
    error,
    index: call.index,
    count: call.count,
  };
}

/** Refuses an action that does not fit the pause, or arguments / a result that fail the tool's schemas. */
function checkAction(pending: Pending, action: ResumeAction): void {
  const at = pending.state.at;
  if (at.kind === 'model' && (action.action === 'run' || action.action === 'mock' || action.action === 'deny'))
    throw new StudioError(
      'bad_input',
      `'${action.action}' is for a paused tool call; this run is paused before the model.`,
    );
  if (at.kind === 'tool' && action.action === 'send')
    throw new StudioError('bad_input', `'send' is for a paused model request; this run is paused at a tool call.`);
  if (at.kind !== 'tool') return;
  if (action.action === 'run' && at.argumentSchema) {
    const checked = validateWith(at.argumentSchema, coerceLax(action.arguments, at.argumentSchema));
    if (!checked.ok)
      throw new StudioError('tool_input_invalid', `The arguments do not fit tool '${at.name}'.`, {
        issues: checked.issues,
      });
  }
  if (action.action === 'mock' && at.outputSchema) {
    const checked = validateWith(at.outputSchema, action.result);
    if (!checked.ok)
      throw new StudioError('tool_output_invalid', `The mocked result does not fit tool '${at.name}''s output.`, {
        issues: checked.issues,
      });
  }
}
