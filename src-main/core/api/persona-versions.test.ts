import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TraceEvent } from '../../../shared/domain/trace';
import type { MethodInput, MethodName, MethodOutput } from '../../../shared/ipc/contract';
import { startScriptedOpenAIServer, type ScriptedServer } from '../testing/scripted-openai-server';
import { createApp, type App } from './app';
import { dispatch } from './dispatch';

let app: App;
let home: string;
let provider: ScriptedServer;
const ENGINE = 'ovos-native-toolcall-loop';
const BRAIN = 'ovos-chat-openai-plugin';

async function call<M extends MethodName>(method: M, input: MethodInput<M>): Promise<MethodOutput<M>> {
  const res = await dispatch(app.handlers, { id: 1, method, input }, { transport: 'test', validateOutput: true });
  if (!res.ok) throw new Error(`${method}: ${res.error.code} ${res.error.message}`);
  return res.output as MethodOutput<M>;
}

const persona = (prompt: string, apiKey?: string) => ({
  name: 'Versioned',
  handlers: [ENGINE],
  [ENGINE]: {
    brain: BRAIN,
    system_prompt: prompt,
    [BRAIN]: { model: 'm', api_url: provider.url, ...(apiKey ? { api_key: apiKey } : {}) },
  },
});

/** A session's stored events once one of `types` is among them (polled: a run writes them as it goes). */
async function storedUntil(sessionId: string, ...types: TraceEvent['type'][]): Promise<TraceEvent[]> {
  const deadline = Date.now() + 5000;
  for (;;) {
    const res = await dispatch(
      app.handlers,
      { id: 1, method: 'chat.loadSession', input: { sessionId } },
      { transport: 'test' },
    );
    const events = res.ok ? (res.output as { events: TraceEvent[] }).events : [];
    if (events.some((e) => types.includes(e.type))) return events;
    if (Date.now() > deadline) throw new Error(`session ${sessionId}: no ${types.join(' or ')} after 5 s`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function runOnce(sessionId: string, message: string): Promise<TraceEvent[]> {
  await call('chat.send', { personaId: 'v', sessionId, message });
  return storedUntil(sessionId, 'run_finished', 'run_failed');
}

beforeEach(async () => {
  provider = await startScriptedOpenAIServer({ loop: true });
  provider.setReplies({ content: 'ok' });
  home = mkdtempSync(path.join(os.tmpdir(), 'ps-versions-'));
  app = await createApp({ dataDir: home, mode: 'browser' });
});

afterEach(async () => {
  await app.close();
  await provider.close();
});

describe('persona versions', () => {
  it('each save keeps a version by content hash; the same content again is the same version, never a copy', async () => {
    await call('personas.save', { id: 'v', persona: persona('one', 'sk-secret-1') });
    await call('personas.save', { id: 'v', persona: persona('two') });
    await call('personas.save', { id: 'v', persona: persona('two') });
    const { current, versions } = await call('personas.versions', { id: 'v' });
    expect(versions).toHaveLength(2);
    expect(versions[0].id).toBe(current);
    const files = readdirSync(path.join(home, 'versions', 'v'));
    expect(files).toHaveLength(2);
    // Secrets never reach a version; the persona file stays a plain OVOS persona (no version fields in it).
    for (const f of files)
      expect(readFileSync(path.join(home, 'versions', 'v', f), 'utf8')).not.toContain('sk-secret-1');
    expect(Object.keys(JSON.parse(readFileSync(path.join(home, 'personas', 'v.json'), 'utf8')))).toEqual([
      'name',
      'handlers',
      ENGINE,
    ]);
    const old = await call('personas.version', { id: 'v', versionId: versions[1].id });
    expect((old.version.persona[ENGINE] as { system_prompt: string }).system_prompt).toBe('one');
  });

  it('each session records the version it ran with, and Restore saves an old version as the newest', async () => {
    await call('personas.save', { id: 'v', persona: persona('first prompt', 'sk-kept') });
    const first = (await runOnce('s-first', 'hi')).find((e) => e.type === 'run_started');
    await call('personas.save', { id: 'v', persona: persona('second prompt') });
    const second = (await runOnce('s-second', 'hi')).find((e) => e.type === 'run_started');
    const { versions } = await call('personas.versions', { id: 'v' });
    const [v2, v1] = versions.map((v) => v.id);
    expect(first).toMatchObject({ personaVersion: v1 });
    expect(second).toMatchObject({ personaVersion: v2 });
    const sessions = (await call('chat.sessions', { personaId: 'v' })).sessions;
    expect(Object.fromEntries(sessions.map((s) => [s.sessionId, s.personaVersion]))).toEqual({
      's-first': v1,
      's-second': v2,
    });

    const restored = await call('personas.restoreVersion', { id: 'v', versionId: v1 });
    expect((restored.persona[ENGINE] as { system_prompt: string }).system_prompt).toBe('first prompt');
    expect(restored.secretsSet).toEqual([`${ENGINE}.${BRAIN}.api_key`]);
    const after = await call('personas.versions', { id: 'v' });
    expect(after.current).toBe(v1);
    expect(after.versions.map((v) => v.id)).toEqual([v1, v2]);
    const third = (await runOnce('s-third', 'hi')).find((e) => e.type === 'run_started');
    expect(third).toMatchObject({ personaVersion: v1 });
    // The restored version's provider request carries its prompt.
    expect(JSON.stringify(provider.requests.at(-1))).toContain('first prompt');

    // A re-run of the persona as saved records the version it ran with too.
    const rerun = await call('sessions.rerun', { sessionId: 's-second', target: { tools: 'live', onMiss: 'live' } });
    const started = (await storedUntil(rerun.sessionId, 'run_started')).find((e) => e.type === 'run_started');
    expect(started).toMatchObject({ personaVersion: v1 });

    // Re-run with… a version: that version's content runs, and the run records it.
    const before = provider.chatRequests.length;
    const byVersion = await call('sessions.rerun', {
      sessionId: 's-first',
      target: { version: v2, tools: 'live', onMiss: 'live' },
    });
    await storedUntil(byVersion.sessionId, 'run_finished');
    expect(provider.chatRequests.length).toBe(before + 1);
    expect(JSON.stringify(provider.chatRequests.at(-1))).toContain('second prompt');
  });

  it('an unknown version is not_found, a malformed one bad input', async () => {
    await call('personas.save', { id: 'v', persona: persona('one') });
    await expect(call('personas.version', { id: 'v', versionId: '0123456789abcdef' })).rejects.toThrow(/not_found/);
    await expect(call('personas.restoreVersion', { id: 'v', versionId: '../../x' as never })).rejects.toThrow(
      /bad_input/,
    );
  });
});
