import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TraceEvent } from '../../../shared/domain/trace';
import type { EventPayload, MethodInput, MethodName, MethodOutput } from '../../../shared/ipc/contract';
import type { RpcResponse } from '../../../shared/ipc/envelope';
import {
  startScriptedOpenAIServer,
  type ReceivedRequest,
  type ScriptedServer,
} from '../testing/scripted-openai-server';
import { testCommand } from '../../cli/commands/test';
import { createApp, type App } from './app';
import { dispatch } from './dispatch';

let app: App;
let provider: ScriptedServer;
let dataDir: string;

function call<M extends MethodName>(method: M, input: MethodInput<M>): Promise<RpcResponse> {
  return dispatch(app.handlers, { id: 1, method, input }, { transport: 'test', validateOutput: true });
}

async function ok<M extends MethodName>(method: M, input: MethodInput<M>): Promise<MethodOutput<M>> {
  const r = await call(method, input);
  if (!r.ok) throw new Error(`${method}: ${r.error.message}`);
  return r.output as MethodOutput<M>;
}

const persona = (systemPrompt: string) => ({
  name: 'Calc',
  handlers: ['ovos-native-toolcall-loop'],
  'ovos-native-toolcall-loop': {
    brain: 'ovos-chat-openai-plugin',
    system_prompt: systemPrompt,
    toolboxes: ['ovos-math-tools'],
    'ovos-chat-openai-plugin': { model: 'm', api_url: provider.url },
  },
});

/** The scripted model: a 2+3 tool call then "It is 5."; told to be lazy in its system prompt, it guesses 2*3. */
function model(req: ReceivedRequest) {
  const messages = req.body.messages as { role: string; content: string }[];
  const lazy = messages.some((m) => m.role === 'system' && m.content.includes('lazy'));
  const answered = messages.some((m) => m.role === 'tool');
  if (answered) return { content: lazy ? 'About 6.' : 'It is 5.' };
  return { toolCalls: [{ name: 'evaluate_expression', arguments: { expression: lazy ? '2*3' : '2+3' } }] };
}

async function until<T>(get: () => T | undefined, ms = 10_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = get();
    if (v !== undefined) return v;
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}

beforeEach(async () => {
  provider = await startScriptedOpenAIServer({ replies: model });
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'ps-tests-api-'));
  app = await createApp({ dataDir, mode: 'browser' });
});

afterEach(async () => {
  await app.close();
  await provider.close();
});

/** A chat run of "2+3?" in a new session; answers the session id once it finished. */
async function chatRun(personaId: string): Promise<string> {
  let done = false;
  const off = app.onEvent((e) => {
    if (e.event === 'chat.trace' && (e.payload as { event: TraceEvent }).event.type === 'run_finished') done = true;
  });
  const { sessionId } = await ok('chat.send', { personaId, message: '2+3?' });
  await until(() => (done ? true : undefined));
  off();
  return sessionId;
}

/** Runs the persona's tests; answers the progress events and the end. */
async function runTests(personaId: string) {
  const progress: EventPayload<'tests.progress'>[] = [];
  let finished: EventPayload<'tests.finished'> | undefined;
  const off = app.onEvent((e) => {
    if (e.event === 'tests.progress') progress.push(e.payload as EventPayload<'tests.progress'>);
    if (e.event === 'tests.finished') finished = e.payload as EventPayload<'tests.finished'>;
  });
  const started = await ok('tests.run', { personaId });
  const end = await until(() => finished);
  off();
  return { started, progress, end };
}

describe('tests.* (Save as test, run, history)', () => {
  it('drafts a case from a chat session, saves it, runs it green, then red after the system prompt changes', async () => {
    const { id } = await ok('personas.save', { persona: persona('You do sums. Use the tools.') });
    const sessionId = await chatRun(id);

    const draft = await ok('tests.draft', { sessionId });
    expect(draft.personaId).toBe(id);
    expect(draft.case).toMatchObject({
      turns: ['2+3?'],
      brain: 'live',
      tools: { evaluate_expression: { calls: [{ arguments: { expression: '2+3' }, result: { result: 5 } }] } },
      assertions: [
        { type: 'tool_arguments', tool: 'evaluate_expression', contains: { expression: '2+3' } },
        { type: 'no_tool_errors' },
        { type: 'answer_contains', value: 'It is 5.' },
      ],
    });

    const { file } = await ok('tests.saveCase', { personaId: id, case: { ...draft.case, name: 'adds' } });
    expect(file).toBe(path.join(dataDir, 'suites', id, `${id}.suite.json`));
    expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({ persona: id, cases: [{ name: 'adds' }] });
    const again = await call('tests.saveCase', { personaId: id, case: { ...draft.case, name: 'adds' } });
    expect(again).toMatchObject({ ok: false, error: { code: 'bad_input', details: { issues: [{ path: ['name'] }] } } });
    expect((await ok('tests.suites', { personaId: id })).suites).toMatchObject([
      { file, source: 'data', error: null, suite: { cases: [{ name: 'adds' }] } },
    ]);

    const chatRequests = provider.chatRequests.length;
    const green = await runTests(id);
    expect(green.started.total).toBe(1);
    expect(green.progress.map((p) => p.status)).toEqual(['running', 'passed']);
    expect(green.end).toMatchObject({ passed: 1, failed: 0, error: null });
    expect(provider.chatRequests.length, 'the live brain was asked').toBe(chatRequests + 2);

    await ok('personas.save', { id, persona: persona('You do sums, but you are lazy.') });
    const red = await runTests(id);
    expect(red.end).toMatchObject({ passed: 0, failed: 1 });
    const failure = red.progress.find((p) => p.status === 'failed')!.result!;
    expect(failure.failures.map((f) => f.label)).toEqual([
      'tool_arguments evaluate_expression ⊇ {"expression":"2+3"}',
      'no_tool_errors',
      'answer_contains "It is 5."',
    ]);
    expect(failure.failures[1].step).toMatchObject({ name: 'evaluate_expression', turn: 1, iteration: 1 });

    const { results } = await ok('tests.history', { personaId: id });
    expect(results.map((r) => r.passed)).toEqual([false, true]);
    const { result } = await ok('tests.result', { personaId: id, resultId: results[0].resultId });
    const toolError = result.attempts[0].events[0].find((e) => e.type === 'tool_error');
    expect(toolError).toMatchObject({
      arguments: { expression: '2*3' },
      error: { message: `no recorded call of 'evaluate_expression' has these arguments: {"expression":"2*3"}` },
    });
  });

  it('a suite saved in the app runs headless too: persona-studio test <data>/suites/<persona>', async () => {
    const { id } = await ok('personas.save', { persona: persona('You do sums.') });
    const draft = await ok('tests.draft', { sessionId: await chatRun(id) });
    await ok('tests.saveCase', { personaId: id, case: { ...draft.case, name: 'adds' } });
    const before = process.env.PERSONA_STUDIO_HOME;
    process.env.PERSONA_STUDIO_HOME = dataDir;
    let out = '';
    try {
      const code = await testCommand([path.join(dataDir, 'suites', id)], {
        out: (t) => (out += t),
        err: (t) => (out += t),
      });
      expect(code, out).toBe(0);
    } finally {
      if (before === undefined) delete process.env.PERSONA_STUDIO_HOME;
      else process.env.PERSONA_STUDIO_HOME = before;
    }
    expect(out).toContain('PASS adds');
  });

  it('Run one: only the chosen cases run', async () => {
    const { id } = await ok('personas.save', { persona: persona('You do sums.') });
    const draft = await ok('tests.draft', { sessionId: await chatRun(id) });
    // The suite the draft names (the persona's default one) is created on the first save.
    const { file } = await ok('tests.saveCase', {
      personaId: id,
      suiteFile: draft.suiteFile,
      case: { ...draft.case, name: 'one' },
    });
    await ok('tests.saveCase', { personaId: id, case: { ...draft.case, name: 'two' } });
    const progress: string[] = [];
    const off = app.onEvent((e) => {
      if (e.event === 'tests.progress') progress.push((e.payload as { name: string }).name);
    });
    const { total } = await ok('tests.run', { personaId: id, cases: [{ suite: file, name: 'two' }] });
    expect(total).toBe(1);
    await until(() => (progress.length === 2 ? true : undefined));
    off();
    expect(progress).toEqual(['two', 'two']);
  });

  it('opens a suite file from elsewhere; a bad one is refused naming the file, the case and the field', async () => {
    const { id } = await ok('personas.save', { persona: persona('You do sums.') });
    const good = path.join(dataDir, 'elsewhere.suite.json');
    const cases = [{ name: 'c', turns: ['hi'], brain: { replay: [{ content: 'hello' }] }, assertions: [] }];
    writeFileSync(
      good,
      JSON.stringify({ persona: id, cases: [{ ...cases[0], assertions: [{ type: 'no_tool_errors' }] }] }),
    );
    const bad = path.join(dataDir, 'bad.suite.json');
    writeFileSync(bad, JSON.stringify({ persona: id, cases }));
    expect(await call('tests.open', { personaId: id, path: bad })).toMatchObject({
      ok: false,
      error: { code: 'bad_input', message: expect.stringContaining(`${bad}: case 'c': assertions:`) },
    });
    expect(await ok('tests.open', { personaId: id, path: good })).toMatchObject({ source: 'opened', error: null });
    expect((await ok('tests.suites', { personaId: id })).suites.map((s) => [s.file, s.source])).toEqual([
      [good, 'opened'],
    ]);
    // A case cannot go into a file that is not one of the persona's suites.
    const other = await call('tests.saveCase', {
      personaId: id,
      suiteFile: bad,
      case: { name: 'x', turns: ['hi'], assertions: [{ type: 'no_tool_errors' }] },
    });
    expect(other).toMatchObject({ ok: false, error: { code: 'bad_input' } });
  });

  it('a session with no finished run cannot be drafted; an unknown result is not_found', async () => {
    const { id } = await ok('personas.save', { persona: persona('You do sums.') });
    expect(await call('tests.draft', { sessionId: 'no-such-session' })).toMatchObject({ ok: false });
    expect(await call('tests.result', { personaId: id, resultId: 'abc-12345678' })).toMatchObject({
      ok: false,
      error: { code: 'not_found' },
    });
    expect(await call('tests.result', { personaId: id, resultId: '../x' })).toMatchObject({
      ok: false,
      error: { code: 'bad_input' },
    });
  });
});
