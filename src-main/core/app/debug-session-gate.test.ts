import { describe, expect, it } from 'vitest';
import { Breakpoints, type PauseState } from '../../../shared/domain/debug';
import { executeToolCall, ToolRegistry } from '../toolbox';
import { FailingTools, MathTools } from '../toolbox/test-fixtures';
import { DebugSession } from './debug-session';

function session(breakpoints: () => Breakpoints, approval: 'auto' | 'ask' = 'auto') {
  const paused: PauseState[] = [];
  const debug = new DebugSession({
    runId: 'r',
    sessionId: 's',
    personaId: null,
    breakpoints,
    approval: () => approval,
    iteration: () => 1,
    cancel: () => undefined,
    onPause: (state) => paused.push(state),
    onResume: () => undefined,
  });
  return { debug, paused };
}

const registry = new ToolRegistry([new MathTools(), new FailingTools()]);

describe('the debugger as the tool gate', () => {
  it('lets a call of a tool no breakpoint names pass at once, and stops at one that is named', async () => {
    let breakpoints = Breakpoints.parse({ beforeTools: { enabled: true, tools: ['fail'] } });
    const { debug, paused } = session(() => breakpoints);
    expect(debug.passes('add', 'math_tools', 'add')).toBe(true);
    const ran = await executeToolCall(registry, 'add', { a: 1, b: 2 }, { gate: debug.tools });
    expect(ran).toMatchObject({ ok: true, result: { result: 3 } });
    expect(paused).toEqual([]);

    // Breakpoints changed during the run are seen at the next call.
    breakpoints = Breakpoints.parse({ beforeTools: { enabled: true, tools: ['add'] } });
    expect(debug.passes('add', 'math_tools', 'add')).toBe(false);
    const stopped = executeToolCall(registry, 'add', { a: 1, b: 2 }, { gate: debug.tools });
    await new Promise((r) => setTimeout(r, 10));
    expect(paused.map((p) => p.reason)).toEqual(['breakpoint']);
    debug.resume(paused[0].pauseId, { action: 'continue' });
    expect(await stopped).toMatchObject({ ok: true, result: { result: 3 } });
  });

  it('still stops at a failed call that passed the gate, when the breakpoints stop on tool errors', async () => {
    const breakpoints = Breakpoints.parse({ beforeTools: { enabled: true, tools: ['add'] }, onToolError: true });
    const { debug, paused } = session(() => breakpoints);
    expect(debug.passes('fail', 'failing_tools', 'fail')).toBe(true);
    const failing = executeToolCall(registry, 'fail', {}, { gate: debug.tools });
    await new Promise((r) => setTimeout(r, 10));
    expect(paused.map((p) => [p.reason, p.at.kind === 'tool' ? p.at.name : null])).toEqual([['tool_error', 'fail']]);
    debug.resume(paused[0].pauseId, { action: 'continue' });
    expect(await failing).toMatchObject({ ok: false, error: { code: 'tool_execution_failed' } });
  });

  it('does not pass a tool that asks for approval, nor any call while stepping', async () => {
    const none = Breakpoints.parse({});
    expect(session(() => none, 'ask').debug.passes('add', 'math_tools', 'add')).toBe(false);
    const breakpoints = Breakpoints.parse({ beforeTools: { enabled: true, tools: ['add'] } });
    const { debug, paused } = session(() => breakpoints);
    expect(debug.passes('fail', 'failing_tools', 'fail')).toBe(true);
    const stopped = executeToolCall(registry, 'add', { a: 1, b: 2 }, { gate: debug.tools });
    await new Promise((r) => setTimeout(r, 10));
    debug.resume(paused[0].pauseId, { action: 'run', arguments: { a: 1, b: 2 }, then: 'step' });
    await stopped;
    expect(debug.passes('fail', 'failing_tools', 'fail')).toBe(false);
  });
});
