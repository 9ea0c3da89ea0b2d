import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { BusToolBox } from './index';
import { startBusServer, type BusServer } from '../../bus/ws-bus-server';
import { WebSocketBus } from '../../bus/ws-bus-client';
import { InProcessBus } from '../../bus/in-process-bus';
import { Message } from '../../bus/message';
import { BusBridge } from '../../bus/bus-bridge';
import { FailingTools, MathTools, ScriptedTools, addWith } from '../../toolbox/test-fixtures';
import { ToolExecutionError, ToolInputError, executeToolCall, ToolRegistry } from '../../toolbox';

let server: BusServer;
const closers: Array<() => Promise<void>> = [];

/** A second participant on the bus, with toolboxes bound to its own connection. */
async function peer(
  ...toolboxes: Array<{ bind(bus: WebSocketBus): void; close(): Promise<void> }>
): Promise<WebSocketBus> {
  const bus = new WebSocketBus(server.url);
  await bus.connect();
  for (const tb of toolboxes) tb.bind(bus);
  closers.push(async () => {
    for (const tb of toolboxes) await tb.close();
    await bus.close();
  });
  return bus;
}

function busToolbox(config: Record<string, unknown> = {}, toolboxId?: string): BusToolBox {
  const tb = new BusToolBox({ config: { url: server.url, discover_timeout_ms: 400, ...config }, toolboxId });
  closers.push(() => tb.close());
  return tb;
}

beforeEach(async () => {
  server = await startBusServer({ port: 0 });
});
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
  await server.close();
});

describe('BusToolBox', () => {
  test('lists remote tools with their JSON Schemas and calls them', async () => {
    const math = new MathTools();
    await peer(math);
    const tb = busToolbox();
    await tb.ready;
    expect(tb.discoveryError).toBeNull();
    expect(tb.toolJsonList).toEqual(math.toolJsonList);
    expect(await tb.callTool('add', { a: 5, b: '6' })).toEqual({ result: 11 });
  });

  test('remote errors keep their kind: ValueError is an input error, RuntimeError an execution error', async () => {
    const remoteMath = new MathTools();
    await peer(remoteMath, new FailingTools());
    const tb = busToolbox();
    await tb.ready;
    expect([...tb.tools.keys()].sort()).toEqual(['add', 'fail']);

    const failed = await tb.callTool('fail', {}).catch((e) => e);
    expect(failed).toBeInstanceOf(ToolExecutionError);
    expect(failed.code).toBe('tool_execution_failed');
    expect(failed.message).toBe("Tool execution failed for 'fail' in ToolBox 'failing_tools'");
    expect(failed.details.cause).toBe(`remote RuntimeError from toolbox 'failing_tools' on ${server.url}`);

    // The remote side changed its tool between discovery and call: its ValueError comes back as one.
    remoteMath.tools.clear();
    remoteMath.discoverTools = () => [];
    const gone = await tb.callTool('add', { a: 1, b: 2 }).catch((e) => e);
    expect(gone).toBeInstanceOf(ToolInputError);
    expect(gone.code).toBe('tool_not_found');
    expect(gone.message).toBe("Unknown tool 'add' for ToolBox 'math_tools'.");
  });

  test("an input error names the remote toolbox and tool, not 'ovos-bus-toolbox' (issue 11.4)", async () => {
    await peer(
      new MathTools(),
      new ScriptedTools(() => [addWith(({ a, b }) => ({ result: (a as number) * (b as number) }))]),
    );
    const tb = busToolbox();
    await tb.ready;
    const bad = await tb.callTool('math_tools__add', { a: 'x', b: 2 }).catch((e) => e);
    expect(bad).toBeInstanceOf(ToolInputError);
    expect(bad.code).toBe('tool_input_invalid');
    expect(bad.message).toBe("Tool input validation failed for 'add' in ToolBox 'math_tools'");
    expect(bad.details.cause).toBe("Invalid input for 'add'");
    expect(bad.details.issues[0].path).toEqual(['a']);
  });

  test('concurrent calls get their own answers', async () => {
    const slow = new ScriptedTools(() => [
      addWith(async (args) => {
        const { a, b } = args as { a: number; b: number };
        await new Promise((r) => setTimeout(r, a === 1 ? 150 : 10));
        return { result: a + b };
      }),
    ]);
    await peer(slow);
    const tb = busToolbox();
    await tb.ready;
    const [first, second] = await Promise.all([
      tb.callTool('add', { a: 1, b: 1 }),
      tb.callTool('add', { a: 100, b: 1 }),
    ]);
    expect(first).toEqual({ result: 2 });
    expect(second).toEqual({ result: 101 });
  });

  test('a name two remote toolboxes share becomes <toolbox>__<tool>; excluded ids are left out', async () => {
    await peer(
      new MathTools(),
      new ScriptedTools(() => [addWith(({ a, b }) => ({ result: (a as number) * (b as number) }))]),
      new FailingTools(),
    );
    const tb = busToolbox({ exclude_toolbox_ids: ['failing_tools'] });
    await tb.ready;
    expect([...tb.tools.keys()].sort()).toEqual(['math_tools__add', 'scripted_tools__add']);
    expect(await tb.callTool('scripted_tools__add', { a: 3, b: 4 })).toEqual({ result: 12 });
    expect(await tb.callTool('math_tools__add', { a: 3, b: 4 })).toEqual({ result: 7 });
  });

  test('a toolbox that never answers a call is a timeout error', async () => {
    const mute = await peer();
    const announced = new MathTools();
    await announced.ready;
    mute.on('ovos.persona.tools.discover', (m) =>
      mute.emit(m.response({ tools: announced.toolJsonList, toolbox_id: 'mute_tools' })),
    );
    const tb = busToolbox({ call_timeout_s: 0.3 });
    await tb.ready;
    const error = await tb.callTool('add', { a: 1, b: 2 }).catch((e) => e);
    expect(error).toBeInstanceOf(ToolExecutionError);
    expect(error.code).toBe('tool_timeout');
    expect(error.message).toBe(
      `No answer from toolbox 'mute_tools' on ${server.url} to the call to 'add' within 0.3 s`,
    );
  });

  test("answers from this process's own bridge and from other bus toolboxes are not listed", async () => {
    const bridge = new BusBridge({ url: server.url, toolboxes: () => [new MathTools()] });
    await bridge.start();
    closers.push(() => bridge.stop());
    const other = await peer();
    const announced = new MathTools();
    await announced.ready;
    other.on('ovos.persona.tools.discover', (m) =>
      other.emit(m.response({ tools: announced.toolJsonList, toolbox_id: 'ovos-bus-toolbox:elsewhere' })),
    );
    // Another process serves a toolbox with the same id as the bridge's: only its answers count, at discovery and calls.
    await peer(new ScriptedTools(() => [addWith(() => ({ result: -1 }))], { toolboxId: 'math_tools' }));
    const tb = busToolbox();
    await tb.ready;
    expect([...tb.tools.keys()]).toEqual(['add']);
    for (let i = 0; i < 5; i++) expect(await tb.callTool('add', { a: 1, b: 1 })).toEqual({ result: -1 });
  });

  test('without a URL it uses the bus the app hands over, and never answers on it', async () => {
    const bus = new InProcessBus();
    new MathTools({ bus });
    const tb = new BusToolBox({ bus, config: { discover_timeout_ms: 200 } });
    closers.push(() => tb.close());
    await tb.ready;
    expect([...tb.tools.keys()]).toEqual(['add']);
    const registry = new ToolRegistry([tb]);
    const run = await executeToolCall(registry, 'add', { a: 2, b: 2 });
    expect(run).toMatchObject({ ok: true, result: { result: 4 } });
    const answers: Message[] = [];
    bus.on('ovos.persona.tools.discover.response', (m) => answers.push(m));
    bus.emit(new Message('ovos.persona.tools.discover'));
    await new Promise((r) => setTimeout(r, 200));
    expect(answers.map((m) => m.data.toolbox_id)).toEqual(['math_tools']);
  });

  test('its messages carry context.session: the run\'s session for calls, "default" otherwise (issue 11.3)', async () => {
    const bus = new InProcessBus();
    const seen: Message[] = [];
    bus.onAny((m) => seen.push(m));
    new MathTools({ bus });
    const tb = new BusToolBox({ bus, config: { discover_timeout_ms: 100 } });
    closers.push(() => tb.close());
    await tb.ready;
    const registry = new ToolRegistry([tb]);
    await executeToolCall(registry, 'add', { a: 1, b: 1 }, { sessionId: 'chat-7' });
    await executeToolCall(registry, 'add', { a: 1, b: 1 });
    const sessions = (type: string) => seen.filter((m) => m.type === type).map((m) => m.context.session);
    expect(sessions('ovos.persona.tools.discover')).toEqual([{ session_id: 'default' }]);
    expect(sessions('ovos.persona.tools.math_tools.call')).toEqual([
      { session_id: 'chat-7' },
      { session_id: 'default' },
    ]);
  });

  test('a persona run hands its chat session to the tools it calls', async () => {
    const sessions: Array<string | undefined> = [];
    const tools = new ScriptedTools(() => [
      addWith((args, ctx) => {
        sessions.push(ctx.sessionId);
        return { result: (args.a as number) + (args.b as number) };
      }),
    ]);
    await tools.ready;
    const { NativeToolCallEngine } = await import('../../engines/native-loop');
    const { ScriptedBrain } = await import('../../engines/testing/scripted-brain');
    const brain = new ScriptedBrain([
      { toolCalls: [{ id: 'c1', name: 'add', arguments: { a: 1, b: 2 } }] },
      { content: '3' },
    ]);
    await new NativeToolCallEngine({ brain, registry: new ToolRegistry([tools]) }).run(
      [{ role: 'user', content: '1+2' }],
      { sessionId: 'chat-9' },
    );
    expect(sessions).toEqual(['chat-9']);
  });

  test('a bus that is down is the discovery error; a later refresh finds it', async () => {
    const port = server.port;
    await server.close();
    const tb = new BusToolBox({ config: { url: `ws://127.0.0.1:${port}/core`, discover_timeout_ms: 400 } });
    closers.push(() => tb.close());
    await tb.ready;
    expect(tb.discoveryError?.message).toMatch(new RegExp(`^Cannot connect to the bus at ws://127.0.0.1:${port}/core`));
    server = await startBusServer({ port });
    await peer(new MathTools());
    await tb.refreshTools();
    expect([...tb.tools.keys()]).toEqual(['add']);
  });
});
