import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunDiff } from '../../../shared/domain/run-diff';
import { createApp } from '../../core/api/app';
import { dispatch } from '../../core/api/dispatch';
import { SessionStore } from '../../core/sessions';
import { startScriptedOpenAIServer, type ScriptedServer } from '../../core/testing/scripted-openai-server';
import { diffCommand } from './diff';
import { rerunCommand } from './rerun';

let provider: ScriptedServer;
let dataDir: string;
let sessionA: string;
const before = process.env.PERSONA_STUDIO_HOME;

const calc = (expression: string) => ({ toolCalls: [{ name: 'evaluate_expression', arguments: { expression } }] });

/** Runs a CLI command, collecting what it prints. */
async function cli(run: (args: string[], out: (t: string) => void) => Promise<number>, args: string[]) {
  let out = '';
  const code = await run(args, (t) => void (out += t));
  return { code, out };
}
const diff = (args: string[]) => cli((a, out) => diffCommand(a, out), args);
const rerun = (args: string[]) =>
  cli((a, out) => rerunCommand(a, { out, err: () => undefined }), args).then(async (r) => {
    const sessions = await new SessionStore(path.join(dataDir, 'sessions')).list();
    const origin = sessions.find((s) => s.origin?.kind === 'rerun' && !seen.has(s.sessionId));
    if (origin) seen.add(origin.sessionId);
    return { ...r, sessionId: origin?.sessionId ?? '' };
  });
const seen = new Set<string>();

beforeAll(async () => {
  provider = await startScriptedOpenAIServer();
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'ps-cli-tt-'));
  process.env.PERSONA_STUDIO_HOME = dataDir;
  const app = await createApp({ dataDir, mode: 'browser' });
  const call = async (method: string, input: unknown) => {
    const r = await dispatch(app.handlers, { id: 1, method, input } as never, { transport: 'test' });
    if (!r.ok) throw new Error(r.error.message);
    return r.output as Record<string, string>;
  };
  await call('personas.save', {
    id: 'calc',
    persona: {
      name: 'Calc',
      handlers: ['ovos-native-toolcall-loop'],
      'ovos-native-toolcall-loop': {
        brain: 'ovos-chat-openai-plugin',
        toolboxes: ['ovos-math-tools'],
        'ovos-chat-openai-plugin': { model: 'm', api_url: provider.url },
      },
    },
  });
  provider.setReplies(calc('12*9'), { content: 'It is 108.' });
  sessionA = (await call('chat.send', { personaId: 'calc', message: 'What is 12*9?' })).sessionId;
  const store = new SessionStore(path.join(dataDir, 'sessions'));
  for (let i = 0; i < 200; i++) {
    const { events } = await store.load(sessionA).catch(() => ({ events: [] }));
    if (events.some((e) => e.type === 'run_finished')) break;
    await new Promise((r) => setTimeout(r, 20));
  }
  await app.close();
});

afterAll(async () => {
  process.env.PERSONA_STUDIO_HOME = before;
  await provider.close();
});

describe('persona-studio rerun and diff', () => {
  it('a run diffed with itself is equal (exit 0)', async () => {
    const { code, out } = await diff([sessionA, sessionA]);
    expect(code).toBe(0);
    expect(out).toContain('equal');
  });

  it('rerun with recorded tools sends the same turn; the same replies give an equal run, others differ (exit 1)', async () => {
    provider.reset();
    provider.setReplies(calc('12*9'), { content: 'It is 108.' });
    const same = await rerun([sessionA, '--tools', 'recorded', '--on-miss', 'fail']);
    expect(same.code).toBe(0);
    expect(provider.chatRequests.map((r) => r.body.messages.at(-1)?.role)).toEqual(['user', 'tool']);
    expect(provider.chatRequests[0].body.messages.at(-1).content).toBe('What is 12*9?');
    expect((await diff([sessionA, same.sessionId])).code).toBe(0);

    provider.reset();
    provider.setReplies(calc('12*10'), { content: 'It is 120.' });
    const other = await rerun([sessionA, '--model', 'other', '--tools', 'recorded', '--on-miss', 'live']);
    expect(other.code).toBe(0);
    expect(provider.chatRequests[0].body.model).toBe('other');
    const text = await diff([sessionA, other.sessionId]);
    expect(text.code).toBe(1);
    expect(text.out).toContain('~ evaluate_expression');
    expect(text.out).toMatch(/- {3}"expression": "12\*9"/);
    expect(text.out).toMatch(/\+ {3}"expression": "12\*10"/);
    expect(text.out).toContain('answer: It is [-108-]{+120+}.');
    expect(text.out).toContain('the runs differ');

    const json = await diff([sessionA, other.sessionId, '--json']);
    expect(json.code).toBe(1);
    const parsed = JSON.parse(json.out) as RunDiff;
    expect(parsed.equal).toBe(false);
    expect(parsed.turns[0].iterations[0].tools[0]).toMatchObject({ status: 'changed', outcomeChanged: true });
  });

  it('rerun --version runs a kept version by a prefix of its id; an unknown one is refused naming the versions', async () => {
    const { events } = await new SessionStore(path.join(dataDir, 'sessions')).load(sessionA);
    const version = events.find((e) => e.type === 'run_started')?.personaVersion;
    expect(version).toMatch(/^[0-9a-f]{16}$/);
    provider.setReplies(calc('12*9'), { content: 'It is 108.' });
    const ran = await rerun([sessionA, '--version', version!.slice(0, 8), '--tools', 'recorded']);
    expect(ran.code).toBe(0);
    await expect(rerun([sessionA, '--version', 'ffffffff'])).rejects.toThrow(
      new RegExp(`no version ffffffff .*\\(its versions: ${version}\\)`),
    );
  });
});
