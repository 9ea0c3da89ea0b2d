import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PersonaSuite } from '../../../../shared/domain/persona-suite';
import { startScriptedOpenAIServer, type ScriptedServer } from '../../testing/scripted-openai-server';
import { BUILTIN_TOOLBOXES } from '../../toolboxes/builtin';
import type { ToolboxDescriptor } from '../../toolboxes/toolbox-descriptor';
import { runSuites } from './run-suite';
import { openPersonaStore } from '../../personas/open-store';

let server: ScriptedServer;
let dir: string;
/** Every call the live math toolbox ran, by tool name. */
const liveCalls: string[] = [];

const toolboxes: Record<string, ToolboxDescriptor> = Object.fromEntries(
  BUILTIN_TOOLBOXES.map((d) => [
    d.id,
    d.id !== 'ovos-math-tools'
      ? d
      : {
          ...d,
          create: (options) => {
            const tb = d.create(options);
            const callTool = tb.callTool.bind(tb);
            tb.callTool = (name, ...rest) => {
              liveCalls.push(name);
              return callTool(name, ...rest);
            };
            return tb;
          },
        },
  ]),
);

beforeAll(async () => {
  server = await startScriptedOpenAIServer();
  dir = mkdtempSync(path.join(tmpdir(), 'suite-'));
  writeFileSync(
    path.join(dir, 'calc.json'),
    JSON.stringify({
      name: 'Calc',
      handlers: ['ovos-native-toolcall-loop'],
      'ovos-native-toolcall-loop': {
        brain: 'ovos-chat-openai-plugin',
        toolboxes: ['ovos-math-tools'],
        'ovos-chat-openai-plugin': { model: 'm', api_url: `${server.url}/chat/completions`, api_key: 'k' },
      },
    }),
  );
});
afterEach(() => {
  server.reset();
  liveCalls.length = 0;
});
afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

const run = (cases: unknown[]) =>
  runSuites([{ file: path.join(dir, 'calc.suite.json'), suite: PersonaSuite.parse({ persona: 'calc.json', cases }) }], {
    dataDir: dir,
    toolboxes,
  });

const evaluateTurns = (expression: string, answer: string) => ({
  replay: [{ toolCalls: [{ name: 'evaluate_expression', arguments: { expression } }] }, { content: answer }],
});

describe('runSuites', () => {
  it('replays a brain without any provider request and runs the live tool', async () => {
    const [r] = await run([
      {
        name: 'live tool',
        turns: ['2+3?'],
        brain: evaluateTurns('2+3', 'It is 5.'),
        assertions: [{ type: 'answer_contains', value: '5' }, { type: 'no_tool_errors' }],
      },
    ]);
    expect(r.passed).toBe(true);
    expect(server.chatRequests).toHaveLength(0);
    expect(liveCalls).toEqual(['evaluate_expression']);
    const result = r.attempts[0].events[0].find((e) => e.type === 'tool_result');
    expect(result).toMatchObject({ result: { result: 5 } });
  });

  it('answers mocked results and errors through the gate: the live tool never runs', async () => {
    const [ok, failing] = await run([
      {
        name: 'mock result',
        turns: ['2+3?'],
        brain: evaluateTurns('2+3', 'It is 99.'),
        tools: { evaluate_expression: { result: { result: 99 } } },
        assertions: [{ type: 'tool_result', tool: 'evaluate_expression', status: 'ok' }],
      },
      {
        name: 'mock error',
        turns: ['2+3?'],
        brain: evaluateTurns('2+3', 'Sorry.'),
        tools: { evaluate_expression: { error: 'math is down' } },
        assertions: [{ type: 'no_tool_errors' }],
      },
    ]);
    expect(liveCalls).toEqual([]);
    expect(ok.passed).toBe(true);
    expect(ok.attempts[0].events[0].find((e) => e.type === 'tool_result')).toMatchObject({
      result: { result: 99 },
      mocked: true,
    });
    expect(failing.passed).toBe(false);
    expect(failing.attempts[0].assertions[0]).toMatchObject({
      ok: false,
      message: 'evaluate_expression failed: math is down',
      step: { name: 'evaluate_expression', turn: 1, iteration: 1 },
    });
  });

  it('answers recorded calls by their arguments; a call with other arguments is a tool error', async () => {
    const tools = {
      evaluate_expression: {
        calls: [
          { arguments: { expression: '2+3' }, result: { result: 5 } },
          { arguments: { expression: '1/0' }, error: 'float division by zero' },
        ],
      },
    };
    const [same, failed, other] = await run([
      {
        name: 'same',
        turns: ['2+3?'],
        brain: evaluateTurns('2+3', 'It is 5.'),
        tools,
        assertions: [{ type: 'no_tool_errors' }],
      },
      {
        name: 'recorded error',
        turns: ['1/0?'],
        brain: evaluateTurns('1/0', 'No.'),
        tools,
        assertions: [{ type: 'no_tool_errors' }],
      },
      {
        name: 'other',
        turns: ['2*3?'],
        brain: evaluateTurns('2*3', 'It is 6.'),
        tools,
        assertions: [{ type: 'no_tool_errors' }],
      },
    ]);
    expect(liveCalls).toEqual([]);
    expect(same.passed).toBe(true);
    expect(same.attempts[0].events[0].find((e) => e.type === 'tool_result')).toMatchObject({ result: { result: 5 } });
    expect(failed.attempts[0].assertions[0].message).toBe('evaluate_expression failed: float division by zero');
    expect(other.passed).toBe(false);
    expect(other.attempts[0].assertions[0].message).toBe(
      `evaluate_expression failed: no recorded call of 'evaluate_expression' has these arguments: {"expression":"2*3"}`,
    );
  });

  it('tells when each case starts, before its result', async () => {
    const seen: string[] = [];
    await runSuites(
      [
        {
          file: path.join(dir, 'calc.suite.json'),
          suite: PersonaSuite.parse({
            persona: 'calc.json',
            cases: ['a', 'b'].map((name) => ({
              name,
              turns: ['2+3?'],
              brain: evaluateTurns('2+3', 'It is 5.'),
              assertions: [{ type: 'answer_contains', value: '5' }],
            })),
          }),
        },
      ],
      {
        dataDir: dir,
        toolboxes,
        concurrency: 1,
        onStart: (c) => seen.push(`start ${c.name}`),
        onResult: (r) => seen.push(`done ${r.name}`),
      },
    );
    expect(seen).toEqual(['start a', 'done a', 'start b', 'done b']);
  });

  it('repeat with a threshold against a live model that answers differently each time', async () => {
    server.setReplies((_req, i) => ({ content: i % 2 === 0 ? 'The answer is 42.' : 'No idea.' }));
    const testCase = {
      turns: ['6*7?'],
      repeat: 4,
      assertions: [{ type: 'answer_contains', value: '42' }],
    };
    const [half, all] = await runSuites(
      [
        {
          file: path.join(dir, 'calc.suite.json'),
          suite: PersonaSuite.parse({
            persona: 'calc.json',
            cases: [
              { ...testCase, name: 'half', threshold: 0.5 },
              { ...testCase, name: 'all', threshold: 1 },
            ],
          }),
        },
      ],
      { dataDir: dir, toolboxes, concurrency: 1 },
    );
    expect(server.chatRequests).toHaveLength(8);
    expect(half).toMatchObject({ passed: true, passedRuns: 2, runs: 4 });
    expect(all).toMatchObject({ passed: false, passedRuns: 2, runs: 4 });
  });

  it('runs at most `concurrency` cases at a time, and answers results in suite order', async () => {
    server.setReplies(() => ({ content: 'ok', delayMs: 150 }));
    const cases = Array.from({ length: 6 }, (_, i) => ({
      name: `c${i}`,
      turns: ['hi'],
      assertions: [{ type: 'answer_equals', value: 'ok' }],
    }));
    const suite = PersonaSuite.parse({ persona: 'calc.json', cases });
    const results = await runSuites([{ file: path.join(dir, 'calc.suite.json'), suite }], {
      dataDir: dir,
      toolboxes,
      concurrency: 2,
    });
    expect(results.map((r) => [r.name, r.passed])).toEqual(cases.map((c) => [c.name, true]));
    const spans = results.map((r) => {
      const events = r.attempts[0].events[0];
      return [events[0].at, events[events.length - 1].at];
    });
    const overlap = Math.max(...spans.map(([start]) => spans.filter(([s, e]) => s <= start && start < e).length));
    expect(overlap).toBe(2);
  });

  it('sends the earlier turns as history and checks the last answer', async () => {
    server.setReplies({ content: 'Hello.' }, { content: 'You said hi.' });
    const [r] = await run([
      {
        name: 'two turns',
        turns: ['hi', 'what did I say?'],
        assertions: [{ type: 'answer_equals', value: 'You said hi.' }],
      },
    ]);
    expect(r.passed).toBe(true);
    const second = server.chatRequests[1].body as { messages: { role: string; content: string }[] };
    expect(second.messages.map((m) => m.content)).toEqual(expect.arrayContaining(['hi', 'Hello.', 'what did I say?']));
  });

  it('replays a recorded session file named relative to the suite file', async () => {
    const turn = (content: string, toolCalls: unknown[]) => ({
      event: {
        type: 'assistant_message',
        content,
        toolCalls,
        final: !toolCalls.length,
        durationMs: 1,
        raw: null,
        warnings: [],
      },
    });
    const lines = [
      turn('', [{ id: 'c1', name: 'evaluate_expression', arguments: { expression: '6*7' } }]),
      turn('42', []),
    ];
    writeFileSync(path.join(dir, 'recorded.jsonl'), lines.map((l) => JSON.stringify(l)).join('\n'));
    const [r] = await run([
      {
        name: 'session',
        turns: ['6*7?'],
        brain: { sessionFile: 'recorded.jsonl' },
        assertions: [
          { type: 'tool_arguments', tool: 'evaluate_expression', contains: { expression: '6*7' } },
          { type: 'answer_equals', value: '42' },
        ],
      },
    ]);
    expect(r.attempts[0].assertions.filter((a) => !a.ok)).toEqual([]);
    expect(server.chatRequests).toHaveLength(0);
    expect(liveCalls).toEqual(['evaluate_expression']);
  });

  it("answers 'recorded' tools with the session's outcomes by call id, without running them", async () => {
    const lines = [
      {
        event: {
          type: 'assistant_message',
          content: '',
          toolCalls: [{ id: 'c1', name: 'evaluate_expression', arguments: { expression: '6*7' } }],
          final: false,
          durationMs: 1,
          raw: null,
          warnings: [],
        },
      },
      { event: { type: 'tool_result', toolCallId: 'c1', name: 'evaluate_expression', result: { result: 1000 } } },
      {
        event: {
          type: 'assistant_message',
          content: '1000',
          toolCalls: [],
          final: true,
          durationMs: 1,
          raw: null,
          warnings: [],
        },
      },
    ];
    writeFileSync(path.join(dir, 'with-tools.jsonl'), lines.map((l) => JSON.stringify(l)).join('\n'));
    const [r] = await run([
      {
        name: 'recorded',
        turns: ['6*7?'],
        brain: { sessionFile: 'with-tools.jsonl' },
        tools: { evaluate_expression: 'recorded' },
        assertions: [{ type: 'no_tool_errors' }],
      },
    ]);
    expect(r.passed).toBe(true);
    expect(liveCalls).toEqual([]);
    expect(r.attempts[0].events[0].find((e) => e.type === 'tool_result')).toMatchObject({
      result: { result: 1000 },
      mocked: true,
    });
    expect(
      PersonaSuite.safeParse({
        persona: 'p',
        cases: [{ name: 'c', turns: ['x'], tools: { a: 'recorded' }, assertions: [{ type: 'no_tool_errors' }] }],
      }).success,
    ).toBe(false);
  });

  it("refuses a live tool whose approval is 'ask' unless approved", async () => {
    const persona = JSON.parse(readFileSync(path.join(dir, 'calc.json'), 'utf8'));
    writeFileSync(
      path.join(dir, 'ask.json'),
      JSON.stringify({ ...persona, persona_studio: { approval: { 'ovos-math-tools': { mode: 'ask' } } } }),
    );
    const suite = PersonaSuite.parse({
      persona: 'ask.json',
      cases: [
        { name: 'ask', turns: ['2+3?'], brain: evaluateTurns('2+3', '5'), assertions: [{ type: 'no_tool_errors' }] },
      ],
    });
    const loaded = [{ file: path.join(dir, 'ask.suite.json'), suite }];
    const [refused] = await runSuites(loaded, { dataDir: dir, toolboxes });
    expect(liveCalls).toEqual([]);
    expect(refused.attempts[0].events[0].find((e) => e.type === 'tool_error')).toMatchObject({
      error: { code: 'approval_required' },
    });
    const [approved] = await runSuites(loaded, { dataDir: dir, toolboxes, approve: true });
    expect(approved.passed).toBe(true);
    expect(liveCalls).toEqual(['evaluate_expression']);
  });

  it('a persona that cannot be read is bad input naming the suite and the field', async () => {
    const suite = PersonaSuite.parse({
      persona: 'missing.json',
      cases: [{ name: 'c', turns: ['hi'], assertions: [{ type: 'no_tool_errors' }] }],
    });
    const file = path.join(dir, 'm.suite.json');
    await expect(runSuites([{ file, suite }], { dataDir: dir, toolboxes })).rejects.toThrow(
      new RegExp(`^${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: persona: Cannot read persona file`),
    );
  });

  it('a persona this app cannot run (unknown engine) is bad input naming the suite', async () => {
    writeFileSync(path.join(dir, 'odd.json'), JSON.stringify({ name: 'Odd', handlers: ['no-such-engine'] }));
    const suite = PersonaSuite.parse({
      persona: 'odd.json',
      cases: [{ name: 'c', turns: ['hi'], assertions: [{ type: 'no_tool_errors' }] }],
    });
    const file = path.join(dir, 'odd.suite.json');
    await expect(runSuites([{ file, suite }], { dataDir: dir, toolboxes })).rejects.toThrow(
      `${file}: persona: Unknown engine 'no-such-engine'`,
    );
  });

  it('fails a case whose run fails, saying why', async () => {
    server.setReplies({ status: 500, body: { error: { message: 'down' } } });
    const [r] = await run([{ name: 'down', turns: ['hi'], assertions: [{ type: 'answer_contains', value: 'x' }] }]);
    expect(r.passed).toBe(false);
    expect(r.attempts[0].assertions[0]).toMatchObject({ ok: false, label: 'run finished' });
    expect(r.attempts[0].assertions[0].message).toMatch(/^turn 1 failed: /);
  });

  it("a suite naming a version runs that version's content, not the persona saved now", async () => {
    const home = mkdtempSync(path.join(tmpdir(), 'suite-versions-'));
    const base = JSON.parse(readFileSync(path.join(dir, 'calc.json'), 'utf8'));
    const withPrompt = (p: string) => ({
      ...base,
      'ovos-native-toolcall-loop': { ...base['ovos-native-toolcall-loop'], system_prompt: p },
    });
    const { personas } = await openPersonaStore(home);
    await personas.save('calc', withPrompt('OLD PROMPT'));
    const old = await personas.currentVersion('calc');
    await personas.save('calc', withPrompt('NEW PROMPT'));
    server.setReplies({ content: 'hi' });
    const cases = [{ name: 'c', turns: ['hi'], assertions: [{ type: 'answer_contains', value: 'hi' }] }];
    const file = path.join(home, 'v.suite.json');
    const runWith = (version?: string) =>
      runSuites([{ file, suite: PersonaSuite.parse({ persona: 'calc', ...(version ? { version } : {}), cases }) }], {
        dataDir: home,
        toolboxes,
      });
    const [r] = await runWith(old!.slice(0, 8));
    expect(r.passed).toBe(true);
    expect(JSON.stringify(server.chatRequests.at(-1))).toContain('OLD PROMPT');
    await runWith();
    expect(JSON.stringify(server.chatRequests.at(-1))).toContain('NEW PROMPT');
    await expect(runWith('ffffffffffffffff')).rejects.toThrow(
      /persona: Persona 'calc' has no version ffffffffffffffff/,
    );
    rmSync(home, { recursive: true, force: true });
  });
});
