import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { MethodInput, MethodName, MethodOutput } from '../../../shared/ipc/contract';
import type { ErrorValue } from '../../../shared/domain/errors';
import { createApp, type App } from './app';
import { dispatch } from './dispatch';

let app: App;
let dataDir: string;

async function answer<M extends MethodName>(method: M, input: MethodInput<M>) {
  return dispatch(app.handlers, { id: 1, method, input }, { transport: 'test', validateOutput: true });
}
async function call<M extends MethodName>(method: M, input: MethodInput<M>): Promise<MethodOutput<M>> {
  const a = await answer(method, input);
  if (!a.ok) throw new Error(a.error.message);
  return a.output as MethodOutput<M>;
}
async function refused<M extends MethodName>(method: M, input: MethodInput<M>): Promise<ErrorValue> {
  const a = await answer(method, input);
  if (a.ok) throw new Error(`${method} was not refused`);
  return a.error;
}

const brain = 'ovos-chat-openai-plugin';
const calc = (name: string) => ({
  name,
  handlers: ['ovos-native-toolcall-loop'],
  'ovos-native-toolcall-loop': {
    brain,
    toolboxes: ['ovos-math-tools'],
    [brain]: { model: 'm', api_url: 'http://127.0.0.1:9/v1' },
  },
});
const math = { toolboxId: 'ovos-math-tools', name: 'evaluate_expression' };

beforeEach(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'ps-calls-api-'));
  app = await createApp({ dataDir, mode: 'browser' });
});
afterEach(() => app.close());

describe('tool call history over the API', () => {
  it('records each manual call per persona; the history and saved calls outlive a restart', async () => {
    const a = await call('personas.save', { persona: calc('Calc A') });
    const b = await call('personas.save', { persona: calc('Calc B') });
    await call('tools.call', { personaId: a.id, ...math, arguments: { expression: '6*7' } });
    await expect(call('tools.call', { personaId: a.id, ...math, arguments: { expression: 42 } })).rejects.toThrow();
    await call('tools.call', { personaId: b.id, ...math, arguments: { expression: '1+1' } });

    const history = await call('tools.history', { personaId: a.id });
    expect(history.entries.map((e) => [e.args, e.outcome.ok])).toEqual([
      [{ expression: 42 }, false],
      [{ expression: '6*7' }, true],
    ]);
    expect(history.entries[0]).toMatchObject({ ...math, outcome: { error: { code: 'tool_input_invalid' } } });
    expect(history.entries[1].outcome).toMatchObject({ ok: true, result: expect.anything() });
    const saved = await call('tools.saveCall', { personaId: a.id, entryId: history.entries[1].id, label: 'answer' });

    await app.close();
    app = await createApp({ dataDir, mode: 'browser' });
    const again = await call('tools.history', { personaId: a.id });
    expect(again.entries.map((e) => e.args)).toEqual([{ expression: 42 }, { expression: '6*7' }]);
    expect(again.saved).toEqual([saved]);
    expect((await call('tools.history', { personaId: b.id })).entries.map((e) => e.args)).toEqual([
      { expression: '1+1' },
    ]);
  });

  it('never stores secret arguments of a call', async () => {
    const p = await call('personas.save', { persona: calc('Calc') });
    await call('tools.call', {
      personaId: p.id,
      ...math,
      arguments: { expression: '2+2', api_key: 'sk-never-stored', password: 'hunter2' },
    }).catch(() => undefined);
    const { entries } = await call('tools.history', { personaId: p.id });
    expect(entries[0].args).toEqual({ expression: '2+2' });
    expect(entries[0].masked.sort()).toEqual(['api_key', 'password']);
    const dir = path.join(dataDir, 'call-history');
    for (const f of readdirSync(dir)) {
      const text = readFileSync(path.join(dir, f), 'utf8');
      expect(text).not.toContain('sk-never-stored');
      expect(text).not.toContain('hunter2');
    }
  });

  it('renames and deletes a saved call; a bad name or id is refused and nothing changes', async () => {
    const p = await call('personas.save', { persona: calc('Calc') });
    await call('tools.call', { personaId: p.id, ...math, arguments: { expression: '3*3' } });
    const [entry] = (await call('tools.history', { personaId: p.id })).entries;
    expect(await refused('tools.saveCall', { personaId: p.id, entryId: entry.id, label: '  ' })).toMatchObject({
      code: 'bad_input',
    });
    const saved = await call('tools.saveCall', { personaId: p.id, entryId: entry.id, label: 'nine' });
    expect(await call('tools.renameCall', { personaId: p.id, savedId: saved.id, label: 'square' })).toMatchObject({
      label: 'square',
      args: { expression: '3*3' },
    });
    expect(await refused('tools.renameCall', { personaId: p.id, savedId: 'nope', label: 'x' })).toMatchObject({
      code: 'not_found',
    });
    expect((await call('tools.history', { personaId: p.id })).saved.map((s) => s.label)).toEqual(['square']);
    expect(await call('tools.deleteCall', { personaId: p.id, savedId: saved.id })).toEqual({ deleted: true });
    expect((await call('tools.history', { personaId: p.id })).saved).toEqual([]);
  });

  it('calls without a persona have their own history; deleting a persona forgets its calls', async () => {
    const p = await call('personas.save', { persona: calc('Calc') });
    await call('tools.call', { ...math, arguments: { expression: '5-1' } });
    await call('tools.call', { personaId: p.id, ...math, arguments: { expression: '5-2' } });
    expect((await call('tools.history', {})).entries.map((e) => e.args)).toEqual([{ expression: '5-1' }]);
    await call('personas.delete', { id: p.id });
    const again = await call('personas.save', { persona: calc('Calc') });
    expect(again.id).toBe(p.id);
    expect((await call('tools.history', { personaId: p.id })).entries).toEqual([]);
  });

  it('a history that cannot be written does not fail the call: the user gets a notice', async () => {
    const p = await call('personas.save', { persona: calc('Calc') });
    writeFileSync(path.join(dataDir, 'call-history'), 'a file in the way');
    const out = await call('tools.call', { personaId: p.id, ...math, arguments: { expression: '7*6' } });
    expect(out.result).toMatchObject({ result: 42 });
    const { notices } = await call('app.notices', {});
    expect(notices.at(-1)).toMatchObject({
      level: 'warning',
      message: expect.stringContaining('could not be kept in the history'),
    });
  });
});
