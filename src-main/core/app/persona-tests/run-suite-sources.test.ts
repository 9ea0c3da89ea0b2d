import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PersonaSuite } from '../../../../shared/domain/persona-suite';
import { openPersonaStore } from '../../personas/open-store';
import { runSuites } from './run-suite';
import { useSuiteKit } from './testing/suite-kit';

const kit = useSuiteKit();
const { liveCalls, toolboxes, run, evaluateTurns } = kit;

describe('runSuites: recorded sessions, approvals, bad personas, versions', () => {
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
    writeFileSync(path.join(kit.dir, 'recorded.jsonl'), lines.map((l) => JSON.stringify(l)).join('\n'));
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
    expect(kit.server.chatRequests).toHaveLength(0);
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
    writeFileSync(path.join(kit.dir, 'with-tools.jsonl'), lines.map((l) => JSON.stringify(l)).join('\n'));
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
    const persona = JSON.parse(readFileSync(path.join(kit.dir, 'calc.json'), 'utf8'));
    writeFileSync(
      path.join(kit.dir, 'ask.json'),
      JSON.stringify({ ...persona, persona_studio: { approval: { 'ovos-math-tools': { mode: 'ask' } } } }),
    );
    const suite = PersonaSuite.parse({
      persona: 'ask.json',
      cases: [
        { name: 'ask', turns: ['2+3?'], brain: evaluateTurns('2+3', '5'), assertions: [{ type: 'no_tool_errors' }] },
      ],
    });
    const loaded = [{ file: path.join(kit.dir, 'ask.suite.json'), suite }];
    const [refused] = await runSuites(loaded, { dataDir: kit.dir, toolboxes });
    expect(liveCalls).toEqual([]);
    expect(refused.attempts[0].events[0].find((e) => e.type === 'tool_error')).toMatchObject({
      error: { code: 'approval_required' },
    });
    const [approved] = await runSuites(loaded, { dataDir: kit.dir, toolboxes, approve: true });
    expect(approved.passed).toBe(true);
    expect(liveCalls).toEqual(['evaluate_expression']);
  });

  it('a persona that cannot be read is bad input naming the suite and the field', async () => {
    const suite = PersonaSuite.parse({
      persona: 'missing.json',
      cases: [{ name: 'c', turns: ['hi'], assertions: [{ type: 'no_tool_errors' }] }],
    });
    const file = path.join(kit.dir, 'm.suite.json');
    await expect(runSuites([{ file, suite }], { dataDir: kit.dir, toolboxes })).rejects.toThrow(
      new RegExp(`^${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: persona: Cannot read persona file`),
    );
  });

  it('a persona this app cannot run (unknown engine) is bad input naming the suite', async () => {
    writeFileSync(path.join(kit.dir, 'odd.json'), JSON.stringify({ name: 'Odd', handlers: ['no-such-engine'] }));
    const suite = PersonaSuite.parse({
      persona: 'odd.json',
      cases: [{ name: 'c', turns: ['hi'], assertions: [{ type: 'no_tool_errors' }] }],
    });
    const file = path.join(kit.dir, 'odd.suite.json');
    await expect(runSuites([{ file, suite }], { dataDir: kit.dir, toolboxes })).rejects.toThrow(
      `${file}: persona: Unknown engine 'no-such-engine'`,
    );
  });

  it('fails a case whose run fails, saying why', async () => {
    kit.server.setReplies({ status: 500, body: { error: { message: 'down' } } });
    const [r] = await run([{ name: 'down', turns: ['hi'], assertions: [{ type: 'answer_contains', value: 'x' }] }]);
    expect(r.passed).toBe(false);
    expect(r.attempts[0].assertions[0]).toMatchObject({ ok: false, label: 'run finished' });
    expect(r.attempts[0].assertions[0].message).toMatch(/^turn 1 failed: /);
  });

  it("a suite naming a version runs that version's content, not the persona saved now", async () => {
    const home = mkdtempSync(path.join(tmpdir(), 'suite-versions-'));
    const base = JSON.parse(readFileSync(path.join(kit.dir, 'calc.json'), 'utf8'));
    const withPrompt = (p: string) => ({
      ...base,
      'ovos-native-toolcall-loop': { ...base['ovos-native-toolcall-loop'], system_prompt: p },
    });
    const { personas } = await openPersonaStore(home);
    await personas.save('calc', withPrompt('OLD PROMPT'));
    const old = await personas.currentVersion('calc');
    await personas.save('calc', withPrompt('NEW PROMPT'));
    kit.server.setReplies({ content: 'hi' });
    const cases = [{ name: 'c', turns: ['hi'], assertions: [{ type: 'answer_contains', value: 'hi' }] }];
    const file = path.join(home, 'v.suite.json');
    const runWith = (version?: string) =>
      runSuites([{ file, suite: PersonaSuite.parse({ persona: 'calc', ...(version ? { version } : {}), cases }) }], {
        dataDir: home,
        toolboxes,
      });
    const [r] = await runWith(old!.slice(0, 8));
    expect(r.passed).toBe(true);
    expect(JSON.stringify(kit.server.chatRequests.at(-1))).toContain('OLD PROMPT');
    await runWith();
    expect(JSON.stringify(kit.server.chatRequests.at(-1))).toContain('NEW PROMPT');
    await expect(runWith('ffffffffffffffff')).rejects.toThrow(
      /persona: Persona 'calc' has no version ffffffffffffffff/,
    );
    rmSync(home, { recursive: true, force: true });
  });
});
