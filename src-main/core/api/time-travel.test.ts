import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TraceEvent } from '../../../shared/domain/trace';
import type { PauseState } from '../../../shared/domain/debug';
import { useAppKit } from '../testing/app-kit';
import { calcPersona } from '../testing/personas';
import { startScriptedOpenAIServer, type ScriptedServer } from '../testing/scripted-openai-server';

const kit = useAppKit({ prefix: 'time-travel' });
const { ok } = kit;
/** A second model server, for re-runs against another model. */
let other: ScriptedServer;

function persona(name: string, url: string, model = 'm') {
  return { ...calcPersona(url, { model }), name };
}

/** The session's events once `runs` runs have ended. */
async function ended(sessionId: string, runs = 1): Promise<TraceEvent[]> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const events = await ok('chat.loadSession', { sessionId }).then(
      (r) => r.events,
      () => [] as TraceEvent[],
    );
    const ends = events.filter((e) => ['run_finished', 'run_failed', 'run_cancelled'].includes(e.type));
    if (ends.length >= runs) return events;
    if (Date.now() > deadline) throw new Error(`session ${sessionId}: ${ends.length} of ${runs} runs ended`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

type ToolStarted = Extract<TraceEvent, { type: 'tool_started' }>;

/** The call of `expression` in `events` (the first tool call when none is given). */
function callOf(events: TraceEvent[], expression?: string): ToolStarted {
  const call = events.find(
    (e): e is ToolStarted =>
      e.type === 'tool_started' && (expression === undefined || e.arguments.expression === expression),
  );
  if (!call) throw new Error(`no call of ${expression ?? 'any tool'} in the trace`);
  return call;
}

/** The fork point at a call's TOOL card. */
const atCall = (call: ToolStarted) => ({ kind: 'tool' as const, runId: call.runId, toolCallId: call.toolCallId });

const calc = (expression: string) => ({ toolCalls: [{ name: 'evaluate_expression', arguments: { expression } }] });
const toolMessages = (request: { body: { messages: { role: string; content: string }[] } }) =>
  request.body.messages.filter((m) => m.role === 'tool').map((m) => m.content);
const userMessages = (request: { body: { messages: { role: string; content: string }[] } }) =>
  request.body.messages.filter((m) => m.role === 'user').map((m) => m.content);

/**
 * Run A of persona `calc` (saved first): two tool calls (12*9, then 2+3), then the answer. Its first recorded
 * result is then changed in the file to one the tool never gives (999): whatever reads the recording shows it, a
 * live call would not.
 */
async function recordedRunA(): Promise<{ personaId: string; sessionId: string; events: TraceEvent[] }> {
  const { id: personaId } = await ok('personas.save', { id: 'calc', persona: persona('Calc', kit.provider.url) });
  kit.provider.setReplies(calc('12*9'), calc('2+3'), { content: 'Done: 108 and 5.' });
  const { sessionId } = await ok('chat.send', { personaId, message: 'Compute 12*9 and 2+3' });
  await ended(sessionId);
  const file = path.join(kit.dataDir, 'sessions', `${sessionId}.jsonl`);
  const changed = readFileSync(file, 'utf8')
    .split('\n')
    .map((line) => {
      if (!line.includes('"tool_result"') || !line.includes('12*9')) return line;
      const e = JSON.parse(line) as { result: unknown; content: string };
      e.result = { result: 999, expression: '12*9', error: null };
      e.content = JSON.stringify(e.result);
      return JSON.stringify(e);
    })
    .join('\n');
  writeFileSync(file, changed);
  return { personaId, sessionId, events: (await ok('chat.loadSession', { sessionId })).events };
}

beforeEach(async () => {
  other = await startScriptedOpenAIServer();
});
afterEach(async () => {
  await other.close();
});

describe('sessions.fork', () => {
  it('copies the history up to the TOOL card without a request or a tool call, then goes on with the edited result', async () => {
    const a = await recordedRunA();
    const second = callOf(a.events, '2+3');
    kit.provider.reset();
    kit.provider.setReplies({ content: 'It is 999 and 41.' });

    const fork = await ok('sessions.fork', {
      sessionId: a.sessionId,
      point: atCall(second),
      edit: { kind: 'tool', result: { result: 41, expression: '2+3', error: null } },
    });
    // Opened at once (as the window does), the fork is not an interrupted session, even when it ends meanwhile.
    const early = await ok('chat.loadSession', { sessionId: fork.sessionId });
    expect(early.warnings).toEqual([]);
    const events = await ended(fork.sessionId);

    // One request: the copied prefix sent none; it carries the recorded 999 (no tool ran) and the edited 41.
    expect(kit.provider.chatRequests).toHaveLength(1);
    expect(toolMessages(kit.provider.chatRequests[0])).toEqual([
      JSON.stringify({ result: 999, expression: '12*9', error: null }),
      JSON.stringify({ result: 41, expression: '2+3', error: null }),
    ]);
    const prefix = a.events.filter((e) => e.seq < second.seq);
    expect(
      events
        .slice(0, prefix.length)
        .map((e) => ({ ...e, runId: 'r', ...(e.type === 'run_started' ? { sessionId: 's' } : {}) })),
    ).toEqual(prefix.map((e) => ({ ...e, runId: 'r', ...(e.type === 'run_started' ? { sessionId: 's' } : {}) })));
    const own = events.slice(prefix.length);
    expect(own.map((e) => e.type).filter((t) => t !== 'answer_delta')).toEqual([
      'tool_started',
      'tool_result',
      'assistant_message',
      'run_finished',
    ]);
    expect(own[1]).toMatchObject({ type: 'tool_result', mocked: true, result: { result: 41 } });
    expect(events.map((e) => e.seq)).toEqual(events.map((_, i) => i));
    expect(new Set(events.map((e) => e.runId)).size).toBe(1);
    expect(events.at(-1)).toMatchObject({ type: 'run_finished', answer: 'It is 999 and 41.' });

    const { sessions } = await ok('chat.sessions', {});
    expect(sessions.find((s) => s.sessionId === fork.sessionId)?.origin).toMatchObject({
      kind: 'fork',
      sessionId: a.sessionId,
      point: { kind: 'tool' },
    });
  });

  it('refuses an edited result that does not fit the tool output schema, and makes no session', async () => {
    const a = await recordedRunA();
    const first = callOf(a.events);
    const before = (await ok('chat.sessions', {})).sessions.length;
    const response = await kit.call('sessions.fork', {
      sessionId: a.sessionId,
      point: atCall(first),
      edit: { kind: 'tool', result: { result: 'many' } },
    });
    expect(response.ok).toBe(false);
    if (!response.ok) expect(response.error.code).toBe('tool_output_invalid');
    expect((await ok('chat.sessions', {})).sessions).toHaveLength(before);
  });

  it('forks a trace that is not a stored session (a test case run), naming where it came from', async () => {
    const a = await recordedRunA();
    const second = callOf(a.events, '2+3');
    kit.provider.reset();
    kit.provider.setReplies({ content: 'Fine.' });
    const fork = await ok('sessions.fork', {
      trace: { personaId: 'calc', events: a.events, from: 'a test case run' },
      point: atCall(second),
      edit: { kind: 'tool', result: { result: 6, expression: '2+3', error: null } },
    });
    await ended(fork.sessionId);
    expect(kit.provider.chatRequests).toHaveLength(1);
    const { session } = await ok('chat.loadSession', { sessionId: fork.sessionId });
    expect(session.origin).toMatchObject({ kind: 'fork', sessionId: '', from: 'a test case run' });
  });

  it('an edited assistant turn runs its new tool calls live; an edited user message starts the run again', async () => {
    const a = await recordedRunA();
    const firstTurn = a.events.find((e) => e.type === 'assistant_message')!;
    kit.provider.reset();
    kit.provider.setReplies({ content: 'It is 7.' });
    const fork = await ok('sessions.fork', {
      sessionId: a.sessionId,
      point: { kind: 'assistant', runId: firstTurn.runId, seq: firstTurn.seq },
      edit: {
        kind: 'assistant',
        content: '',
        toolCalls: [{ id: 'mine', name: 'evaluate_expression', arguments: { expression: '3+4' } }],
      },
    });
    const events = await ended(fork.sessionId);
    expect(kit.provider.chatRequests).toHaveLength(1);
    expect(toolMessages(kit.provider.chatRequests[0])).toEqual([
      JSON.stringify({ result: 7, expression: '3+4', error: null }),
    ]);
    expect(events.find((e) => e.type === 'tool_result')).toMatchObject({ toolCallId: 'mine', result: { result: 7 } });

    kit.provider.reset();
    kit.provider.setReplies({ content: 'Hello.' });
    const user = await ok('sessions.fork', {
      sessionId: a.sessionId,
      point: { kind: 'user', runId: firstTurn.runId },
      edit: { kind: 'user', content: 'Just say hello' },
    });
    await ended(user.sessionId);
    expect(kit.provider.chatRequests).toHaveLength(1);
    expect(userMessages(kit.provider.chatRequests[0])).toEqual(['Just say hello']);
  });
});

describe('sessions.fork in a longer session, under the debugger', () => {
  it('forks the second turn: the first is copied whole and is the history; Pause before the model stops only before the live request', async () => {
    const a = await recordedRunA();
    kit.provider.setReplies(calc('7*6'), { content: 'It is 42.' });
    await ok('chat.send', { personaId: a.personaId, sessionId: a.sessionId, message: 'And 7*6?' });
    const both = await ended(a.sessionId, 2);
    const second = callOf(both, '7*6');
    await ok('debug.setBreakpoints', { personaId: a.personaId, breakpoints: { beforeModel: true } });
    kit.provider.reset();
    kit.provider.setReplies({ content: 'It is 40.' });

    const fork = await ok('sessions.fork', {
      sessionId: a.sessionId,
      point: atCall(second),
      edit: { kind: 'tool', result: { result: 40, expression: '7*6', error: null } },
    });
    const deadline = Date.now() + 10_000;
    while (!kit.events.some((e) => e.event === 'debug.paused') && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 20));
    const pauses = kit.events.filter((e) => e.event === 'debug.paused').map((e) => e.payload as PauseState);
    expect(pauses).toHaveLength(1);
    expect(kit.provider.chatRequests).toHaveLength(0);
    expect(pauses[0].at.kind).toBe('model');
    await ok('debug.resume', { runId: pauses[0].runId, pauseId: pauses[0].pauseId, action: { action: 'continue' } });
    const events = await ended(fork.sessionId, 2);

    expect(kit.provider.chatRequests).toHaveLength(1);
    const sent = kit.provider.chatRequests[0].body.messages as { role: string; content: string }[];
    expect(sent.filter((m) => m.role === 'user').map((m) => m.content)).toEqual(['Compute 12*9 and 2+3', 'And 7*6?']);
    expect(sent.find((m) => m.role === 'assistant' && m.content === 'Done: 108 and 5.')).toBeDefined();
    expect(toolMessages(kit.provider.chatRequests[0]).at(-1)).toBe(
      JSON.stringify({ result: 40, expression: '7*6', error: null }),
    );
    const firstRun = both.filter((e) => e.runId === both[0].runId);
    expect(
      events.slice(0, firstRun.length).map((e) => (e.type === 'run_started' ? { ...e, sessionId: '' } : e)),
    ).toEqual(firstRun.map((e) => (e.type === 'run_started' ? { ...e, sessionId: '' } : e)));
    expect(events.at(-1)).toMatchObject({ type: 'run_finished', answer: 'It is 40.' });
  });
});

describe('sessions.rerun', () => {
  it('sends the same user turns to another model with recorded tools, and makes no live tool call', async () => {
    const a = await recordedRunA();
    kit.provider.setReplies({ content: 'Second answer.' });
    await ok('chat.send', { personaId: a.personaId, sessionId: a.sessionId, message: 'And now?' });
    await ended(a.sessionId, 2);
    await ok('personas.save', { id: 'other', persona: persona('Other', other.url, 'other-model') });

    other.setReplies(calc('12*9'), { content: 'It is 999.' }, { content: 'Nothing more.' });
    const rerun = await ok('sessions.rerun', {
      sessionId: a.sessionId,
      target: { personaId: 'other', tools: 'recorded', onMiss: 'fail' },
    });
    const events = await ended(rerun.sessionId, 2);
    expect(other.chatRequests.map((r) => userMessages(r).at(-1))).toEqual([
      'Compute 12*9 and 2+3',
      'Compute 12*9 and 2+3',
      'And now?',
    ]);
    expect(other.chatRequests.every((r) => r.body.model === 'other-model')).toBe(true);
    // 999 is only in the recording: the tool did not run.
    expect(toolMessages(other.chatRequests[1])).toEqual([
      JSON.stringify({ result: 999, expression: '12*9', error: null }),
    ]);
    expect(events.find((e) => e.type === 'tool_result')).toMatchObject({ mocked: true });
    expect(kit.provider.chatRequests.length).toBe(4);
  });

  it('a call the recording does not have fails as no recorded result, or runs live, as chosen', async () => {
    const a = await recordedRunA();

    kit.provider.reset();
    kit.provider.setReplies(calc('6*7'), { content: 'a' });
    const failing = await ok('sessions.rerun', {
      sessionId: a.sessionId,
      target: { tools: 'recorded', onMiss: 'fail' },
    });
    const failed = await ended(failing.sessionId);
    expect(failed.find((e) => e.type === 'tool_error')).toMatchObject({
      error: {
        code: 'no_recorded_result',
        message: expect.stringContaining('no recorded result for evaluate_expression'),
      },
    });

    kit.provider.reset();
    kit.provider.setReplies(calc('6*7'), { content: 'b' });
    const live = await ok('sessions.rerun', {
      sessionId: a.sessionId,
      target: { tools: 'recorded', onMiss: 'live', model: 'changed-model' },
    });
    const ran = await ended(live.sessionId);
    expect(ran.find((e) => e.type === 'tool_result')).toMatchObject({ result: { result: 42 } });
    expect(ran.find((e) => e.type === 'tool_result')).not.toHaveProperty('mocked');
    expect(kit.provider.chatRequests.every((r) => r.body.model === 'changed-model')).toBe(true);
  });
});
