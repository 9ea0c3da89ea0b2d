import { describe, expect, it } from 'vitest';
import type { TraceEvent } from '../../../shared/domain/trace';
import { calcPersona, mcpFixturePersona } from '../testing/personas';
import { useAppKit } from '../testing/app-kit';
import { until } from '../testing/until';

const kit = useAppKit({ prefix: 'debug-api' });
const { call, ok, paused, trace } = kit;

/** Approves every program the persona starts (the app starts none before that). */
async function approveAll(id: string): Promise<void> {
  const { programs } = await ok('approvals.list', { id });
  if (programs.length) await ok('approvals.approve', { id, fingerprints: programs.map((p) => p.fingerprint) });
}

const persona = (extra: Record<string, unknown> = {}) => mcpFixturePersona(kit.provider.url, extra);

describe('debug API', () => {
  it('breakpoints are remembered per persona, across a restart of the app', async () => {
    const none = await ok('debug.getBreakpoints', { personaId: 'assistant' });
    expect(none.breakpoints).toEqual({
      beforeTools: { enabled: false, tools: [], conditions: [] },
      beforeModel: false,
      onToolError: false,
    });
    await ok('debug.setBreakpoints', {
      personaId: 'assistant',
      breakpoints: { beforeTools: { enabled: true, conditions: [{ tool: 'evaluate_expression', argsContain: {} }] } },
    });
    expect(kit.events.some((e) => e.event === 'debug.breakpoints')).toBe(true);
    await kit.restart();
    const again = await ok('debug.getBreakpoints', { personaId: 'assistant' });
    expect(again.breakpoints.beforeTools).toEqual({
      enabled: true,
      tools: [],
      conditions: [{ tool: 'evaluate_expression', argsContain: {} }],
    });
    expect((await ok('debug.getBreakpoints', { personaId: 'other' })).breakpoints.beforeTools.enabled).toBe(false);
  });

  it('an MCP stdio toolbox asks for approval: the run pauses in main, debug.state shows it (a reload), resume goes on', async () => {
    kit.provider.setReplies(
      { toolCalls: [{ name: 'fail_softly', arguments: { why: 'test' } }] },
      { content: 'It failed softly.' },
    );
    const { id } = await ok('personas.save', { persona: persona() });
    await approveAll(id);
    const { runId, sessionId } = await ok('chat.send', { personaId: id, message: 'go' });
    const pause = await until(() => paused()[0]);
    expect(pause).toMatchObject({
      runId,
      sessionId,
      personaId: id,
      reason: 'approval',
      at: { kind: 'tool', name: 'fail_softly', toolboxId: 'ovos-mcp-toolbox:fx', arguments: { why: 'test' } },
    });
    // A reloaded window asks main for the paused runs.
    expect((await ok('debug.state', { sessionId })).paused).toEqual([pause]);
    expect((await ok('debug.state', { sessionId: 'other' })).paused).toEqual([]);
    const stale = await call('debug.resume', { runId, pauseId: 'pause_old', action: { action: 'continue' } });
    expect(stale).toMatchObject({ ok: false, error: { code: 'not_found' } });
    const wrong = await call('debug.resume', {
      runId,
      pauseId: pause.pauseId,
      action: { action: 'send', request: { messages: [{ role: 'user', content: 'x' }], tools: [], parameters: {} } },
    });
    expect(wrong).toMatchObject({ ok: false, error: { code: 'bad_input' } });
    await ok('debug.resume', { runId, pauseId: pause.pauseId, action: { action: 'continue' } });
    await until(() => trace().find((e) => e.type === 'run_finished'));
    expect(kit.events.find((e) => e.event === 'debug.resumed')?.payload).toEqual({
      runId,
      pauseId: pause.pauseId,
      action: 'continue',
    });
    expect((await ok('debug.state', {})).paused).toEqual([]);
    expect(kit.provider.chatRequests[1].body.messages.at(-1).role).toBe('tool');
    // The run's debugger is gone with the run.
    await until(() => (kit.app.context.runs.get(runId) ? undefined : true));
    const late = await call('debug.resume', { runId, pauseId: pause.pauseId, action: { action: 'continue' } });
    expect(late).toMatchObject({ ok: false, error: { code: 'not_found', message: `No run ${runId} in flight.` } });
  });

  it('a pause reaches the window after the tool call it pauses at (trace kit.events go out once written)', async () => {
    kit.provider.setReplies(
      { toolCalls: [{ id: 'call_1', name: 'fail_softly', arguments: { why: 'order' } }] },
      { content: 'Done.' },
    );
    const { id } = await ok('personas.save', { persona: persona() });
    await approveAll(id);
    const traceAtPause: TraceEvent[][] = [];
    kit.app.onEvent((e) => void (e.event === 'debug.paused' && traceAtPause.push(trace())));
    const { runId } = await ok('chat.send', { personaId: id, message: 'go' });
    const pause = await until(() => paused()[0]);
    const asked = traceAtPause[0].find((e) => e.type === 'assistant_message' && e.toolCalls.length);
    expect(asked, 'the assistant turn that asked for the call was shown first').toMatchObject({
      toolCalls: [{ id: 'call_1' }],
    });
    await ok('debug.resume', { runId, pauseId: pause.pauseId, action: { action: 'continue' } });
    await until(() => trace().find((e) => e.type === 'run_finished'));
    const debugEvents = kit.events.filter((e) => e.event.startsWith('debug.p') || e.event === 'debug.resumed');
    expect(debugEvents.map((e) => e.event)).toEqual(['debug.paused', 'debug.resumed']);
  });

  it("the persona's persona_studio block can set the toolbox to auto: no pause", async () => {
    kit.provider.setReplies(
      { toolCalls: [{ name: 'fail_softly', arguments: { why: 'test' } }] },
      { content: 'It failed softly.' },
    );
    const { id } = await ok('personas.save', {
      persona: persona({ persona_studio: { approval: { 'ovos-mcp-toolbox:fx': { mode: 'auto' } } } }),
    });
    expect((await ok('personas.get', { id })).persona.persona_studio).toEqual({
      approval: { 'ovos-mcp-toolbox:fx': { mode: 'auto' } },
    });
    await approveAll(id);
    await ok('chat.send', { personaId: id, message: 'go' });
    await until(() => trace().find((e) => e.type === 'run_finished'));
    expect(paused()).toEqual([]);
  });

  it('a malformed persona_studio block is a clear validation error on save', async () => {
    const saved = await call('personas.save', {
      persona: persona({ persona_studio: { approval: { x: { mode: 'maybe' } } } }),
    });
    expect(saved).toMatchObject({ ok: false });
  });

  it("the session file keeps the model's arguments and the user's edit, and the time paused", async () => {
    kit.provider.setReplies(
      { toolCalls: [{ name: 'evaluate_expression', arguments: { expression: '12*9' } }] },
      { content: '120' },
    );
    const { id } = await ok('personas.save', {
      persona: calcPersona(kit.provider.url),
    });
    await ok('debug.setBreakpoints', { personaId: id, breakpoints: { beforeTools: { enabled: true } } });
    const { runId, sessionId } = await ok('chat.send', { personaId: id, message: 'What is 12*9?' });
    const pause = await until(() => paused()[0]);
    await new Promise((r) => setTimeout(r, 30));
    const refused = await call('debug.resume', {
      runId,
      pauseId: pause.pauseId,
      action: { action: 'run', arguments: { expression: 12 } },
    });
    expect(refused).toMatchObject({
      ok: false,
      error: { code: 'tool_input_invalid', details: { issues: [{ path: ['expression'] }] } },
    });
    await ok('debug.resume', {
      runId,
      pauseId: pause.pauseId,
      action: { action: 'run', arguments: { expression: '12*10' } },
    });
    await until(() => trace().find((e) => e.type === 'run_finished'));
    const { events: stored } = await ok('chat.loadSession', { sessionId });
    const result = stored.find((e) => e.type === 'tool_result');
    expect(result).toMatchObject({
      arguments: { expression: '12*10' },
      originalArguments: { expression: '12*9' },
      result: { result: 120 },
    });
    expect((result as { pausedMs?: number }).pausedMs).toBeGreaterThanOrEqual(25);
  });

  it('cancel while paused: the run ends cancelled and the pause is gone', async () => {
    kit.provider.setReplies({ toolCalls: [{ name: 'fail_softly', arguments: {} }] }, { content: 'never' });
    const { id } = await ok('personas.save', { persona: persona() });
    await approveAll(id);
    const { runId } = await ok('chat.send', { personaId: id, message: 'go' });
    await until(() => paused()[0]);
    await ok('chat.cancel', { runId });
    await until(() => trace().find((e) => e.type === 'run_cancelled'));
    expect((await ok('debug.state', {})).paused).toEqual([]);
    expect(kit.provider.chatRequests).toHaveLength(1);
  });
});
