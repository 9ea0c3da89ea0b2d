import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { startBusServer } from '../bus/ws-bus-server';
import { WebSocketBus } from '../bus/ws-bus-client';
import { Message } from '../bus/message';
import { MathTools } from '../toolbox/test-fixtures';
import { startScriptedOpenAIServer } from '../testing/scripted-openai-server';
import { calcPersona } from '../testing/personas';
import { useAppKit } from '../testing/app-kit';
import { SETTLE_MS } from '../personas/persona-watch';

const kit = useAppKit({ prefix: 'app', app: { version: '1.2.3' } });
const { ok: call, runEnd } = kit;
const persona = (apiUrl: string, model: string) => calcPersona(apiUrl, { model });

describe('the app behind the API', () => {
  it('says what it is and lists every installed plugin in the catalog', async () => {
    expect(await call('app.info', {})).toMatchObject({
      version: '1.2.3',
      mode: 'browser',
      dataDir: kit.app.context.dataDir,
    });
    const catalog = await call('app.catalog', {});
    expect(catalog.engines.map((e) => e.id)).toEqual([
      'ovos-native-toolcall-loop',
      'ovos-react-loop',
      'ovos-plan-execute-loop',
      'ovos-reflexion-loop',
      'ovos-self-ask-loop',
      'ovos-chain-of-thought-loop',
      'ovos-critic-loop',
      'ovos-tree-of-thoughts-loop',
    ]);
    for (const engine of catalog.engines) expect(engine.description).toContain('Choose it');
    expect(catalog.engines.find((e) => e.id === 'ovos-chain-of-thought-loop')?.aliases).toEqual([
      'ovos-chain-of-thought',
    ]);
    const tot = catalog.engines.find((e) => e.id === 'ovos-tree-of-thoughts-loop')!.configSchema as {
      properties: Record<string, { default?: unknown }>;
    };
    expect([
      tot.properties.n_branches.default,
      tot.properties.beam_width.default,
      tot.properties.max_depth.default,
    ]).toEqual([3, 2, 4]);
    expect(catalog.brains.map((b) => b.id)).toContain('ovos-chat-openai-plugin');
    expect(catalog.toolboxes.map((t) => t.id)).toEqual(expect.arrayContaining(['ovos-math-tools', 'ovos-clock-tools']));
  });

  it('saving a persona tells clients and rebuilds its runtime: the next run uses the new settings', async () => {
    const saved = await call('personas.save', { persona: persona(kit.provider.url, 'model-a') });
    expect(kit.events).toContainEqual({ event: 'personas.changed', payload: { id: saved.id } });
    kit.provider.setReplies({ content: 'one' }, { content: 'two' });
    const first = await call('chat.send', { personaId: saved.id, message: 'hi' });
    await runEnd(first.runId);
    await call('personas.save', { id: saved.id, persona: persona(kit.provider.url, 'model-b') });
    const second = await call('chat.send', { personaId: saved.id, sessionId: first.sessionId, message: 'again' });
    expect(second.sessionId).toBe(first.sessionId);
    expect(await runEnd(second.runId)).toMatchObject({ type: 'run_finished', answer: 'two' });
    expect(kit.provider.chatRequests.map((r) => r.body.model)).toEqual(['model-a', 'model-b']);
    // The second request carries the first exchange: the session is the conversation.
    expect(
      kit.provider.chatRequests[1].body.messages
        .filter((m: { role: string }) => m.role !== 'system')
        .map((m: { content: string }) => m.content),
    ).toEqual(['hi', 'one', 'again']);
  });

  it('a persona file changed on disk behind the app (by hand, by the CLI) is what the next run uses', async () => {
    const saved = await call('personas.save', { persona: persona(kit.provider.url, 'model-a') });
    kit.provider.setReplies({ content: 'one' }, { content: 'two' });
    const first = await call('chat.send', { personaId: saved.id, message: 'hi' });
    await runEnd(first.runId);
    // Not through the API: the file is rewritten as an editor would (same size: only the model's last letter).
    const file = kit.app.context.personas.fileOf(saved.id);
    const before = readFileSync(file, 'utf8');
    writeFileSync(file, before.replace('"model-a"', '"model-b"'));
    const second = await call('chat.send', { personaId: saved.id, sessionId: first.sessionId, message: 'again' });
    expect(await runEnd(second.runId)).toMatchObject({ type: 'run_finished', answer: 'two' });
    expect(kit.provider.chatRequests.map((r) => r.body.model)).toEqual(['model-a', 'model-b']);
  });

  it('tells clients of a persona file changed outside the app, once, and not of its own saves', async () => {
    const saved = await call('personas.save', { persona: persona(kit.provider.url, 'model-a') });
    const outside = () =>
      kit.events.filter((e) => e.event === 'personas.changed' && (e.payload as { outside?: boolean }).outside);
    await new Promise((r) => setTimeout(r, SETTLE_MS + 200));
    expect(outside()).toEqual([]);
    const file = kit.app.context.personas.fileOf(saved.id);
    writeFileSync(file, readFileSync(file, 'utf8').replace('"model-a"', '"model-c"'));
    await expect
      .poll(() => outside())
      .toEqual([{ event: 'personas.changed', payload: { id: saved.id, outside: true } }]);
    expect(JSON.stringify((await call('personas.get', { id: saved.id })).persona)).toContain('"model-c"');
  });

  it('chat.cancel stops a run in flight; it ends as run_cancelled', async () => {
    const saved = await call('personas.save', { persona: persona(kit.provider.url, 'm') });
    kit.provider.setReplies({ hang: true });
    const { runId } = await call('chat.send', { personaId: saved.id, message: 'wait' });
    const ended = runEnd(runId);
    await expect.poll(() => kit.provider.chatRequests.length).toBe(1);
    expect(await call('chat.cancel', { runId })).toEqual({ cancelled: true });
    expect(await ended).toMatchObject({ type: 'run_cancelled' });
    expect(await call('chat.cancel', { runId: 'run_unknown' })).toEqual({ cancelled: false });
  });

  it('lists every installed toolbox without a persona, and a persona’s toolboxes with the names the model sees', async () => {
    const all = await call('toolboxes.list', {});
    const math = all.toolboxes.find((t) => t.toolboxId === 'ovos-math-tools')!;
    expect(math).toMatchObject({ title: 'Math', source: 'builtin', config: {}, error: null });
    expect(math.tools.map((t) => t.name)).toContain('evaluate_expression');
    expect(all.toolboxes.map((t) => t.toolboxId)).toEqual(expect.arrayContaining(['ovos-clock-tools']));
    const saved = await call('personas.save', { persona: persona(kit.provider.url, 'm') });
    const mine = await call('toolboxes.list', { personaId: saved.id });
    expect(mine.toolboxes.map((t) => t.toolboxId)).toEqual(['ovos-math-tools']);
    const tool = mine.toolboxes[0].tools.find((t) => t.name === 'evaluate_expression')!;
    expect(tool.modelName).toBe('evaluate_expression');
    expect(tool.openai).toMatchObject({ type: 'function', function: { name: 'evaluate_expression' } });
  });

  it('a toolbox whose tool list changes (or is refreshed) sends tools.changed for its persona', async () => {
    const saved = await call('personas.save', { persona: persona(kit.provider.url, 'm') });
    await call('toolboxes.list', { personaId: saved.id });
    const runtime = await kit.app.context.runtimes.get(saved.id);
    (runtime.toolboxes[0] as unknown as { notifyToolsChanged(): void }).notifyToolsChanged();
    expect(kit.events).toContainEqual({
      event: 'tools.changed',
      payload: { toolboxId: 'ovos-math-tools', personaId: saved.id },
    });
    kit.events.length = 0;
    const refreshed = await call('toolboxes.refresh', { toolboxId: 'ovos-clock-tools' });
    expect(refreshed.toolboxes.length).toBeGreaterThan(1);
    expect(kit.events).toEqual([
      { event: 'tools.changed', payload: { toolboxId: 'ovos-clock-tools', personaId: null } },
    ]);
  });

  it('brains.test says plainly when no server answers, and lists models when one does', async () => {
    const closed = await startScriptedOpenAIServer();
    const deadUrl = closed.url;
    await closed.close();
    const dead = await call('brains.test', { api_url: deadUrl });
    expect(dead.ok).toBe(false);
    expect(dead.error?.code).toBe('brain_unreachable');
    expect(dead.error?.message).toMatch(/^No server answers at http:\/\/127\.0\.0\.1:\d+\/v1\. Start Ollama/);
    const live = await startScriptedOpenAIServer({ models: ['qwen2.5', 'llama3'] });
    try {
      expect(await call('brains.test', { api_url: live.url, model: 'qwen2.5' })).toMatchObject({
        ok: true,
        models: ['qwen2.5', 'llama3'],
        error: null,
      });
    } finally {
      await live.close();
    }
  });

  it('settings.save with a bus URL puts the app’s toolboxes on the OVOS bus', async () => {
    const bus = await startBusServer({ port: 0 });
    const agent = new WebSocketBus(bus.url);
    try {
      expect(await call('settings.save', { theme: 'dark', busUrl: bus.url })).toEqual({
        theme: 'dark',
        busUrl: bus.url,
      });
      expect(await call('settings.get', {})).toEqual({ theme: 'dark', busUrl: bus.url });
      await agent.connect();
      const answer = await new Promise<Message>((resolve) => {
        agent.on('ovos.persona.tools.ovos-math-tools.call.response', (m) => resolve(m));
        const ask = () =>
          agent.emit(
            new Message('ovos.persona.tools.ovos-math-tools.call', {
              name: 'evaluate_expression',
              kwargs: { expression: '6*7' },
            }),
          );
        ask();
        const timer = setInterval(ask, 200);
        agent.on('ovos.persona.tools.ovos-math-tools.call.response', () => clearInterval(timer));
      });
      expect(answer.data).toMatchObject({ result: { result: 42 }, toolbox_id: 'ovos-math-tools' });
      const status = await call('settings.busStatus', {});
      expect(status).toMatchObject({ url: bus.url, connected: true, error: null });
      expect(status.toolboxes).toBeGreaterThan(0);
    } finally {
      await agent.close();
      await call('settings.save', { theme: 'dark', busUrl: null });
      await bus.close();
    }
  });

  it('with a bus URL set, the bus toolbox lists and calls what other processes announce on that bus', async () => {
    const bus = await startBusServer({ port: 0 });
    const remote = new WebSocketBus(bus.url);
    await remote.connect();
    const remoteTools = new MathTools({ bus: remote });
    try {
      await call('settings.save', { theme: 'system', busUrl: bus.url });
      const { toolboxes } = await call('toolboxes.refresh', { toolboxId: 'ovos-bus-toolbox' });
      const busToolbox = toolboxes.find((t) => t.toolboxId === 'ovos-bus-toolbox');
      expect(busToolbox?.error).toBeNull();
      expect(busToolbox?.tools.map((t) => t.name)).toContain('add');
      expect(
        await call('tools.call', { toolboxId: 'ovos-bus-toolbox', name: 'add', arguments: { a: 20, b: 22 } }),
      ).toMatchObject({ result: { result: 42 } });
    } finally {
      remoteTools.unbind();
      await remote.close();
      await call('settings.save', { theme: 'system', busUrl: null });
      await bus.close();
    }
  });

  it('a toolbox that cannot list its tools says so with toolbox_unavailable and its reason', async () => {
    const { toolboxes } = await call('toolboxes.list', {});
    const mcp = toolboxes.find((t) => t.toolboxId === 'ovos-mcp-toolbox');
    expect(mcp?.tools).toEqual([]);
    expect(mcp?.error).toEqual({ code: 'toolbox_unavailable', message: expect.stringContaining("needs a 'command'") });
    expect(toolboxes.find((t) => t.toolboxId === 'ovos-math-tools')?.error).toBeNull();
  });

  it('settings.busStatus says when no bus answers at the URL, and that the link is off without one', async () => {
    expect(await call('settings.busStatus', {})).toEqual({ url: null, connected: false, toolboxes: 0, error: null });
    await call('settings.save', { theme: 'system', busUrl: 'ws://127.0.0.1:9/core' });
    const status = await call('settings.busStatus', {});
    expect(status).toMatchObject({ url: 'ws://127.0.0.1:9/core', connected: false, toolboxes: 0 });
    expect(status.error).toContain('Cannot connect to the bus at ws://127.0.0.1:9/core');
    await call('settings.save', { theme: 'system', busUrl: null });
    expect(await call('settings.busStatus', {})).toEqual({ url: null, connected: false, toolboxes: 0, error: null });
  });
});
