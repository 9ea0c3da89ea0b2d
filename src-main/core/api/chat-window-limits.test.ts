import { describe, expect, it } from 'vitest';
import type { TraceEvent } from '../../../shared/domain/trace';
import { MAX_WINDOW_FIELD_CHARS } from '../app/trace-elision';
import { useAppKit } from '../testing/app-kit';
import { calcPersona } from '../testing/personas';

const kit = useAppKit({ prefix: 'window', provider: { loop: true } });

/** A persona of the native loop on the scripted server, without toolboxes; its id. */
async function savePersona(name: string): Promise<string> {
  const persona = { ...calcPersona(kit.provider.url, { toolboxes: [] }), name };
  return (await kit.ok('personas.save', { persona })).id;
}

/** Sends a message (in `sessionId`, or a new session) and waits until its run ended; the session id. */
async function send(personaId: string, message: string, sessionId?: string): Promise<string> {
  const sent = await kit.ok('chat.send', { personaId, message, ...(sessionId ? { sessionId } : {}) });
  await kit.runEnd(sent.runId);
  return sent.sessionId;
}

describe('events to the window are bounded', () => {
  it('a 1 MB answer reaches the window cut, with elided fields named; the whole event is fetched on demand', async () => {
    const big = 'z'.repeat(1024 * 1024);
    kit.provider.setReplies({ content: big });
    const sessionId = await send(await savePersona('Big'), 'big please');
    const shown = kit.trace();
    const largest = Math.max(
      ...kit.events.filter((e) => e.event === 'chat.trace').map((e) => JSON.stringify(e.payload).length),
    );
    expect(shown.at(-1)?.type).toBe('run_finished');
    expect(largest).toBeLessThan(4 * MAX_WINDOW_FIELD_CHARS);
    const turn = shown.find((e) => e.type === 'assistant_message')!;
    // The 1 MB response is left out with the request (fetched with the whole event), so only the text is cut.
    expect(turn.elided).toEqual(['content']);
    expect(turn.type === 'assistant_message' && turn.raw).toEqual({ request: null, response: null });
    expect(turn.type === 'assistant_message' && turn.content).toContain(
      'too large to send at once; load the full event',
    );
    const whole = await kit.ok('chat.traceEvent', { sessionId, runId: turn.runId, seq: turn.seq });
    expect(whole.event.type === 'assistant_message' && whole.event.content).toBe(big);
    expect(whole.event.elided).toBeUndefined();
    const reopened = await kit.ok('chat.loadSession', { sessionId });
    expect(reopened.events.find((e) => e.type === 'assistant_message')?.elided).toEqual(['content']);
  }, 30_000);

  it('no request reaches the window, and the exported trace has each one as it was sent, with the large answer whole', async () => {
    const big = 'q'.repeat(300_000);
    kit.provider.setReplies({ content: 'one' }, { content: big });
    const id = await savePersona('Export');
    const sessionId = await send(id, 'first');
    await send(id, 'second', sessionId);
    const shown = kit.trace().filter((e) => e.type === 'assistant_message');
    expect(shown.map((e) => e.type === 'assistant_message' && e.raw?.request)).toEqual([null, null]);
    const { text, fileName } = await kit.ok('chat.exportTrace', { sessionId });
    expect(fileName).toBe(`trace-${sessionId}.jsonl`);
    const lines = text
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l) as TraceEvent);
    const turns = lines.filter((e) => e.type === 'assistant_message');
    expect(turns.map((e) => JSON.stringify(e.raw?.request))).toEqual(kit.provider.chatRequests.map((r) => r.rawBody));
    expect(turns.map((e) => e.content)).toEqual(['one', big]);
    expect(lines.some((e) => e.elided || e.payloads || (e.type === 'assistant_message' && e.requestChars))).toBe(false);
  }, 30_000);

  it('a reopened session sends the newest events the window keeps, and says how many older ones it left out', async () => {
    kit.provider.setReplies({ content: 'one' }, { content: 'two' });
    const id = await savePersona('Two');
    const sessionId = await send(id, 'first');
    await send(id, 'second', sessionId);
    const all = await kit.ok('chat.loadSession', { sessionId });
    const newest = await kit.ok('chat.loadSession', { sessionId, limit: 3 });
    expect(newest.events).toEqual(all.events.slice(-3));
    expect(newest.omitted).toBe(all.events.length - 3);
    expect(all.omitted).toBeUndefined();
    // The page before those, by the cursor the answer gave.
    const before = await kit.ok('chat.loadSession', { sessionId, limit: 3, before: newest.earlier });
    expect(before.events).toEqual(all.events.slice(-6, -3));
    expect(before.omitted).toBe(all.events.length - 6);
  }, 30_000);

  it('a large earlier answer is replayed whole when the conversation goes on', async () => {
    const big = 'w'.repeat(100_000);
    kit.provider.setReplies({ content: big }, { content: 'short' });
    const id = await savePersona('Long');
    const sessionId = await send(id, 'first');
    await send(id, 'second', sessionId);
    const sent = kit.provider.chatRequests.at(-1)!.body.messages as Array<{ role: string; content: string }>;
    expect(sent.find((m) => m.role === 'assistant')?.content).toBe(big);
  }, 30_000);
});
