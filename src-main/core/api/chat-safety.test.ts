import { describe, expect, it } from 'vitest';
import type { TraceEvent } from '../../../shared/domain/trace';
import { calcPersona } from '../testing/personas';
import { useAppKit } from '../testing/app-kit';

const kit = useAppKit({ prefix: 'chat-safety', provider: { loop: true } });
const { call } = kit;
const persona = (brain: string, apiUrl: string) => calcPersona(apiUrl, { brain });

describe('chat.send', () => {
  it('two sends racing into the same session: one runs, the other is refused (never two runs in one session)', async () => {
    kit.provider.setReplies({ content: 'hello', delayMs: 200 });
    const saved = await call('personas.save', { persona: persona('ovos-chat-openai-plugin', kit.provider.url) });
    const id = (saved as { output: { id: string } }).output.id;
    const ends: TraceEvent[] = [];
    kit.app.onEvent((e) => {
      const { event } = e.payload as { event: TraceEvent };
      if (e.event === 'chat.trace' && event.type === 'run_finished') ends.push(event);
    });
    const [a, b] = await Promise.all([
      call('chat.send', { personaId: id, sessionId: 's-race', message: 'one' }),
      call('chat.send', { personaId: id, sessionId: 's-race', message: 'two' }),
    ]);
    const oks = [a, b].filter((r) => r.ok);
    const refused = [a, b].filter((r) => !r.ok);
    expect(oks).toHaveLength(1);
    expect(refused).toMatchObject([
      {
        ok: false,
        error: { code: 'bad_input', message: 'A run is still going in this session: wait for it or cancel it first.' },
      },
    ]);
    const deadline = Date.now() + 5000;
    while (!ends.length && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(ends).toHaveLength(1);
    // The session is free again once the run ended.
    expect(await call('chat.send', { personaId: id, sessionId: 's-race', message: 'three' })).toMatchObject({
      ok: true,
    });
  });

  it('on a persona whose brain is not installed: the run fails with a clear error value, and the app keeps working', async () => {
    const saved = await call('personas.save', { persona: persona('no-such-brain-plugin', 'http://127.0.0.1:9/v1') });
    const id = (saved as { output: { id: string } }).output.id;
    const failures: TraceEvent[] = [];
    kit.app.onEvent((e) => {
      const { event } = e.payload as { event: TraceEvent };
      if (e.event === 'chat.trace' && event.type === 'run_failed') failures.push(event);
    });
    expect(await call('chat.send', { personaId: id, sessionId: 's-no-brain', message: 'hi' })).toMatchObject({
      ok: true,
    });
    const deadline = Date.now() + 5000;
    while (!failures.length && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(failures).toMatchObject([
      { error: { code: 'persona_invalid', message: expect.stringContaining("Unknown brain 'no-such-brain-plugin'") } },
    ]);
    // Its tools are there all the same (the Tools pane works without a brain).
    const tools = await call('toolboxes.list', { personaId: id });
    expect(JSON.stringify(tools)).toContain('evaluate_expression');
    expect(await call('personas.list', {})).toMatchObject({ ok: true });
    expect(await call('chat.send', { personaId: id, sessionId: 's-after', message: 'hi' })).toMatchObject({
      ok: true,
    });
  });
});
