import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TraceEvent } from '../../../shared/domain/trace';
import type { MethodInput, MethodName, MethodOutput } from '../../../shared/ipc/contract';
import { MAX_WINDOW_FIELD_CHARS } from '../app/trace-elision';
import { startScriptedOpenAIServer, type ScriptedServer } from '../testing/scripted-openai-server';
import { createApp, type App } from './app';
import { dispatch } from './dispatch';

let app: App;
let provider: ScriptedServer;

async function call<M extends MethodName>(method: M, input: MethodInput<M>): Promise<MethodOutput<M>> {
  const answer = await dispatch(app.handlers, { id: 1, method, input }, { transport: 'test', validateOutput: true });
  if (!answer.ok) throw new Error(answer.error.message);
  return answer.output as MethodOutput<M>;
}

beforeEach(async () => {
  provider = await startScriptedOpenAIServer({ loop: true });
  app = await createApp({ dataDir: mkdtempSync(path.join(os.tmpdir(), 'ps-window-')), mode: 'browser' });
});
afterEach(async () => {
  await app.close();
  await provider.close();
});

describe('events to the window are bounded', () => {
  it('a 1 MB answer reaches the window cut, with elided fields named; the whole event is fetched on demand', async () => {
    const big = 'z'.repeat(1024 * 1024);
    provider.setReplies({ content: big });
    const brain = 'ovos-chat-openai-plugin';
    const { id } = await call('personas.save', {
      persona: {
        name: 'Big',
        handlers: ['ovos-native-toolcall-loop'],
        'ovos-native-toolcall-loop': { brain, toolboxes: [], [brain]: { model: 'm', api_url: provider.url } },
      },
    });
    const shown: TraceEvent[] = [];
    let largest = 0;
    const ended = new Promise<void>((resolve) =>
      app.onEvent((e) => {
        if (e.event !== 'chat.trace') return;
        const { event } = e.payload as { event: TraceEvent };
        largest = Math.max(largest, JSON.stringify(e.payload).length);
        shown.push(event);
        if (event.type === 'run_finished' || event.type === 'run_failed') resolve();
      }),
    );
    const { sessionId } = await call('chat.send', { personaId: id, message: 'big please' });
    await ended;
    expect(shown.at(-1)?.type).toBe('run_finished');
    expect(largest).toBeLessThan(4 * MAX_WINDOW_FIELD_CHARS);
    const turn = shown.find((e) => e.type === 'assistant_message')!;
    expect(turn.elided).toEqual(['content', 'raw']);
    expect(turn.type === 'assistant_message' && turn.content).toContain(
      'too large to send at once; load the full event',
    );
    const whole = await call('chat.traceEvent', { sessionId, runId: turn.runId, seq: turn.seq });
    expect(whole.event.type === 'assistant_message' && whole.event.content).toBe(big);
    expect(whole.event.elided).toBeUndefined();
    const reopened = await call('chat.loadSession', { sessionId });
    expect(reopened.events.find((e) => e.type === 'assistant_message')?.elided).toEqual(['content', 'raw']);
  }, 30_000);

  it('a reopened session sends the newest events the window keeps, and says how many older ones it left out', async () => {
    provider.setReplies({ content: 'one' }, { content: 'two' });
    const brain = 'ovos-chat-openai-plugin';
    const { id } = await call('personas.save', {
      persona: {
        name: 'Two',
        handlers: ['ovos-native-toolcall-loop'],
        'ovos-native-toolcall-loop': { brain, toolboxes: [], [brain]: { model: 'm', api_url: provider.url } },
      },
    });
    const ended = () =>
      new Promise<void>((resolve) =>
        app.onEvent((e) => {
          const { event } = e.payload as { event: TraceEvent };
          if (e.event === 'chat.trace' && event.type === 'run_finished') resolve();
        }),
      );
    let done = ended();
    const { sessionId } = await call('chat.send', { personaId: id, message: 'first' });
    await done;
    done = ended();
    await call('chat.send', { personaId: id, sessionId, message: 'second' });
    await done;
    const all = await call('chat.loadSession', { sessionId });
    const newest = await call('chat.loadSession', { sessionId, limit: 3 });
    expect(newest.events).toEqual(all.events.slice(-3));
    expect(newest.omitted).toBe(all.events.length - 3);
    expect(all.omitted).toBeUndefined();
    // The page before those, by the cursor the answer gave.
    const before = await call('chat.loadSession', { sessionId, limit: 3, before: newest.earlier });
    expect(before.events).toEqual(all.events.slice(-6, -3));
    expect(before.omitted).toBe(all.events.length - 6);
  }, 30_000);

  it('a large earlier answer is replayed whole when the conversation goes on', async () => {
    const big = 'w'.repeat(100_000);
    provider.setReplies({ content: big }, { content: 'short' });
    const brain = 'ovos-chat-openai-plugin';
    const { id } = await call('personas.save', {
      persona: {
        name: 'Long',
        handlers: ['ovos-native-toolcall-loop'],
        'ovos-native-toolcall-loop': { brain, toolboxes: [], [brain]: { model: 'm', api_url: provider.url } },
      },
    });
    const ended = () =>
      new Promise<void>((resolve) =>
        app.onEvent((e) => {
          const { event } = e.payload as { event: TraceEvent };
          if (e.event === 'chat.trace' && event.type === 'run_finished') resolve();
        }),
      );
    let done = ended();
    const { sessionId } = await call('chat.send', { personaId: id, message: 'first' });
    await done;
    done = ended();
    await call('chat.send', { personaId: id, sessionId, message: 'second' });
    await done;
    const sent = provider.chatRequests.at(-1)!.body.messages as Array<{ role: string; content: string }>;
    expect(sent.find((m) => m.role === 'assistant')?.content).toBe(big);
  }, 30_000);
});
