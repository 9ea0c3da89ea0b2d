import { describe, expect, it } from 'vitest';
import { NO_BREAKPOINTS } from '../../shared/domain/debug';
import { sampleRun } from '../lib/trace-fixtures';
import { breakpointCount, pauseOnScreen, toolScope } from './debug-slice';
import { storeKit } from '../testing/store-kit';
import { sessionSummary, toolPause } from '../testing/fixtures';

const pause = toolPause;
const session = sessionSummary();

describe('debug slice', () => {
  it('follows main: a pause appears with debug.paused and goes with debug.resumed or the end of its run', () => {
    const { store, ...fake } = storeKit({ 'chat.sessions': () => ({ sessions: [] }) }, { sessionId: 's1' });
    fake.emit('debug.paused', pause());
    expect(pauseOnScreen(store.getState())?.pauseId).toBe('p1');
    fake.emit('debug.resumed', { runId: 'r1', pauseId: 'p1', action: 'continue' });
    expect(pauseOnScreen(store.getState())).toBeNull();
    fake.emit('debug.paused', pause({ pauseId: 'p2' }));
    const end = sampleRun('r1', 's1').at(-1)!;
    fake.emit('chat.trace', { sessionId: 's1', event: end });
    expect(store.getState().paused, 'a run that ended is not paused').toEqual([]);
  });

  it('keeps the run paused, with main’s error, when a resume is refused; forgets the edit when it goes through', async () => {
    let refuse = true;
    const { store, ...fake } = storeKit(
      {
        'debug.resume': () =>
          refuse
            ? {
                code: 'tool_input_invalid',
                message: 'The arguments do not fit',
                details: { issues: [{ path: ['a'], message: 'Expected number' }] },
              }
            : { resumed: true },
      },
      { sessionId: 's1', paused: [pause()] },
    );
    store.getState().editPause('p1', { args: { a: 'x', b: 3 } });
    expect(await store.getState().resume(pause(), { action: 'run', arguments: { a: 'x', b: 3 } })).toBe(false);
    expect(pauseOnScreen(store.getState())?.pauseId).toBe('p1');
    expect(store.getState().resumeError).toMatchObject({ pauseId: 'p1', error: { code: 'tool_input_invalid' } });
    expect(store.getState().pauseEdits.p1?.args, 'the edit is not lost').toEqual({ a: 'x', b: 3 });
    refuse = false;
    expect(await store.getState().resume(pause(), { action: 'run', arguments: { a: 1, b: 3 } })).toBe(true);
    expect(fake.calls.at(-1)).toMatchObject({
      method: 'debug.resume',
      input: { runId: 'r1', pauseId: 'p1', action: { action: 'run', arguments: { a: 1, b: 3 } } },
    });
    expect(store.getState()).toMatchObject({ paused: [], pauseEdits: {}, resumeError: null });
  });

  it('after a reload, opens the session of the persona’s paused run', async () => {
    const { store } = storeKit(
      {
        'debug.state': () => ({ paused: [pause({ personaId: 'other', sessionId: 's0' }), pause()] }),
        'chat.loadSession': () => ({ session, events: sampleRun('r1', 's1').slice(0, 3) }),
      },
      { selectedId: 'calc' },
    );
    await store.getState().loadPaused('calc');
    expect(store.getState().sessionId).toBe('s1');
    expect(pauseOnScreen(store.getState())?.runId).toBe('r1');
  });

  it('shows a breakpoint change at once and puts it back when main refuses it', async () => {
    const { store } = storeKit(
      { 'debug.setBreakpoints': () => ({ code: 'io_error', message: 'disk full' }) },
      { selectedId: 'calc' },
    );
    const on = { ...NO_BREAKPOINTS, beforeModel: true };
    const saving = store.getState().setBreakpoints(on);
    expect(store.getState().breakpoints.beforeModel).toBe(true);
    await saving;
    expect(store.getState().breakpoints.beforeModel).toBe(false);
    expect(store.getState().toasts.at(-1)?.text).toContain('disk full');
  });

  it('takes breakpoint changes from other windows for the persona on screen only', () => {
    const { store, ...fake } = storeKit({}, { selectedId: 'calc' });
    fake.emit('debug.breakpoints', { personaId: 'other', breakpoints: { ...NO_BREAKPOINTS, onToolError: true } });
    expect(store.getState().breakpoints.onToolError).toBe(false);
    fake.emit('debug.breakpoints', { personaId: 'calc', breakpoints: { ...NO_BREAKPOINTS, onToolError: true } });
    expect(store.getState().breakpoints.onToolError).toBe(true);
  });

  it('names what Pause before tools covers and counts what is set', () => {
    const b = { ...NO_BREAKPOINTS, beforeTools: { enabled: true, tools: [], conditions: [] } };
    expect(toolScope(b)).toBe('every tool call');
    expect(breakpointCount(b)).toBe(1);
    const narrowed = {
      ...b,
      beforeModel: true,
      beforeTools: { enabled: true, tools: ['add'], conditions: [{ tool: 'add', argsContain: { a: 1 } }] },
    };
    expect(toolScope(narrowed)).toBe('1 tool, 1 condition');
    expect(breakpointCount(narrowed)).toBe(3);
    expect(breakpointCount(NO_BREAKPOINTS)).toBe(0);
  });
});
