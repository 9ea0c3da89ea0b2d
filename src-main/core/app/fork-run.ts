import type { AgentMessage } from '../../../shared/domain/message';
import type { TraceEvent } from '../../../shared/domain/trace';
import { TERMINAL_TRACE_TYPES } from '../../../shared/domain/trace';
import { BrainError } from '../brains/brain-error';
import type { BrainMessage, ChatEngine, ChatOptions } from '../brains/chat-engine';
import { ReplayBrain } from '../brains/replay-brain';
import type { LoopDebugger } from '../engines/loop-context';
import type { ForkPlan } from '../sessions/fork-plan';
import type { RecordedOutcome } from '../sessions/recorded-outcomes';
import type { GateDecision, ToolGate } from '../toolbox/tool-gate';
import type { PersonaRuntime } from './persona-runtime';
import { startRun, type RunHandle, type StartRunOptions } from './run-chat';

const TERMINAL = new Set<string>(TERMINAL_TRACE_TYPES);

/** A recorded outcome as the gate's answer: the tool does not run. */
export function recordedDecision(outcome: RecordedOutcome): GateDecision {
  return outcome.ok ? { kind: 'mock', result: outcome.result } : { kind: 'fail', error: outcome.error };
}

/**
 * The fork's brain: the recorded turns (then the edited one) from the replay brain, without a request, and the
 * persona's own brain after them. `onLive` is told when the first turn the fork shows begins.
 */
class ForkBrain implements ChatEngine {
  readonly id: string;
  readonly supportsTools: boolean;
  readonly model: string | null;
  private calls = 0;

  constructor(
    private readonly replay: ReplayBrain,
    private readonly live: ChatEngine | null,
    private readonly liveFromCall: number | null,
    private readonly onLive: () => void,
  ) {
    this.id = live?.id ?? 'replay';
    this.supportsTools = live?.supportsTools ?? true;
    this.model = live?.model ?? null;
  }

  /** The next brain call is answered from the recording (no request goes out). */
  get replaying(): boolean {
    return this.replay.remaining > 0;
  }

  requestParameters(): Record<string, unknown> {
    return this.live?.requestParameters?.() ?? {};
  }

  private pick(): ChatEngine {
    const call = this.calls++;
    if (this.liveFromCall !== null && call >= this.liveFromCall) this.onLive();
    if (this.replay.remaining > 0) return this.replay;
    this.onLive();
    if (!this.live)
      throw new BrainError('brain_bad_response', 'The persona has no brain to go on with after the fork.');
    return this.live;
  }

  continueChat(messages: AgentMessage[], options?: ChatOptions): Promise<BrainMessage> {
    return this.pick().continueChat(messages, options);
  }

  streamChat(messages: AgentMessage[], options?: ChatOptions): AsyncGenerator<string, BrainMessage, void> {
    return this.pick().streamChat(messages, options);
  }
}

/** The fork's tool gate: recorded outcomes before the step, the edited result at it, the debugger's gate after. */
function forkGate(plan: ForkPlan, inner: ToolGate | undefined, isLive: () => boolean, goLive: () => void): ToolGate {
  let editedDone = false;
  return {
    before(call, signal) {
      const recorded = isLive() ? undefined : plan.outcomes.get(call.toolCallId);
      if (recorded) return recordedDecision(recorded);
      if (plan.edited && call.toolCallId === plan.edited.toolCallId && !editedDone) {
        editedDone = true;
        goLive();
        return { kind: 'mock', result: structuredClone(plan.edited.result) };
      }
      goLive();
      return inner ? inner.before(call, signal) : { kind: 'run', arguments: call.arguments };
    },
    afterError(call, ran, error, signal) {
      return isLive() && inner?.afterError ? inner.afterError(call, ran, error, signal) : null;
    },
  };
}

/**
 * Starts the run of a fork: the forked run is run again from its start with every step before the fork point
 * answered from the recording (no provider request, no tool call) and those events left out (the fork's file
 * has them, copied), then the edited step, then the loop goes on live under the debugger. Its events continue
 * the copied run: same run id, seq from `plan.nextSeq`.
 */
export function startFork(
  runtime: PersonaRuntime,
  plan: ForkPlan,
  options: Omit<StartRunOptions, 'history' | 'message' | 'runId'>,
): RunHandle {
  let live = plan.liveAt.kind === 'start';
  let next = plan.nextSeq;
  const goLive = () => void (live = true);
  const brain =
    plan.liveAt.kind === 'start'
      ? runtime.brain
      : new ForkBrain(
          new ReplayBrain({ events: plan.turns }),
          runtime.brain,
          plan.liveAt.kind === 'brain' ? plan.liveAt.call : null,
          goLive,
        );
  const onEvent = (event: TraceEvent) => {
    if (!live && plan.liveAt.kind === 'tool' && event.type === 'tool_started') {
      if (event.toolCallId === plan.liveAt.toolCallId) live = true;
    }
    // A run that ends before the fork point (the persona changed since) still says how it ended.
    if (!live && TERMINAL.has(event.type)) live = true;
    if (!live) return;
    options.onEvent(plan.liveAt.kind === 'start' ? event : { ...event, seq: next++ });
  };
  const openDebugger: StartRunOptions['openDebugger'] = async (run) => {
    const opened = options.openDebugger ? await options.openDebugger(run) : null;
    const inner = opened?.session;
    const session: LoopDebugger = {
      tools: forkGate(plan, inner?.tools, () => live, goLive),
      ...(inner?.beforeModel
        ? {
            beforeModel: (request, signal) =>
              brain instanceof ForkBrain && brain.replaying ? null : inner.beforeModel!(request, signal),
          }
        : {}),
    };
    return { session, dispose: opened?.dispose ?? (() => undefined) };
  };
  return startRun(
    { ...runtime, brain },
    {
      ...options,
      history: plan.history,
      message: plan.message,
      runId: plan.runId,
      onEvent,
      openDebugger,
    },
  );
}
