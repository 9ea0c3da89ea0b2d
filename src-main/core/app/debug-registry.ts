import type { Breakpoints, PauseState, ResumeAction } from '../../../shared/domain/debug';
import { NO_BREAKPOINTS } from '../../../shared/domain/debug';
import type { EventName, EventPayload } from '../../../shared/ipc/contract';
import { StudioError } from '../errors';
import type { BreakpointStore } from './breakpoint-store';
import { DebugSession, type DebugSessionOptions } from './debug-session';

type Emit = <E extends EventName>(event: E, payload: EventPayload<E>) => void;

/**
 * The app's debugger: each persona's breakpoints (stored, and live for its runs in flight) and one DebugSession
 * per run, so a reloaded window finds a paused run and resumes it. Pauses and resumes go out as
 * 'debug.paused' / 'debug.resumed'.
 */
export class DebugRegistry {
  private readonly sessions = new Map<string, DebugSession>();
  private readonly live = new Map<string, Breakpoints>();

  constructor(
    private readonly store: BreakpointStore,
    private readonly emit: Emit,
  ) {}

  async getBreakpoints(personaId: string): Promise<Breakpoints> {
    const known = this.live.get(personaId);
    if (known) return known;
    const stored = await this.store.get(personaId);
    this.live.set(personaId, stored);
    return stored;
  }

  /** Stores a persona's breakpoints; its runs in flight use them from their next call (a paused one too). */
  async setBreakpoints(personaId: string, breakpoints: Breakpoints): Promise<Breakpoints> {
    this.live.set(personaId, breakpoints);
    const saved = await this.store.set(personaId, breakpoints);
    this.emit('debug.breakpoints', { personaId, breakpoints: saved });
    return saved;
  }

  /**
   * A debugger for a new run, registered until `dispose`. The persona's breakpoints are loaded first (await),
   * then read live at each call.
   */
  async open({
    afterShown = (emit) => emit(),
    ...options
  }: Omit<DebugSessionOptions, 'breakpoints' | 'onPause' | 'onResume'> & {
    /**
     * Calls `emit` once the run's trace events so far have reached the windows (they are sent only after the
     * session file has them), so a pause never arrives before the tool call it pauses at. Default: at once.
     */
    afterShown?: (emit: () => void) => void;
  }): Promise<{ session: DebugSession; dispose: () => void }> {
    const personaId = options.personaId;
    if (personaId) await this.getBreakpoints(personaId);
    const session = new DebugSession({
      ...options,
      breakpoints: () => (personaId ? (this.live.get(personaId) ?? NO_BREAKPOINTS) : NO_BREAKPOINTS),
      onPause: (state) => afterShown(() => this.emit('debug.paused', state)),
      onResume: (state, action) =>
        afterShown(() => this.emit('debug.resumed', { runId: state.runId, pauseId: state.pauseId, action })),
    });
    this.sessions.set(options.runId, session);
    return { session, dispose: () => void this.sessions.delete(options.runId) };
  }

  /** The paused runs, of one session or all. */
  paused(sessionId?: string): PauseState[] {
    return [...this.sessions.values()]
      .filter((s) => !sessionId || s.sessionId === sessionId)
      .flatMap((s) => (s.paused ? [s.paused] : []));
  }

  resume(runId: string, pauseId: string, action: ResumeAction): void {
    const session = this.sessions.get(runId);
    if (!session) throw new StudioError('not_found', `No run ${runId} in flight.`);
    session.resume(pauseId, action);
  }
}
