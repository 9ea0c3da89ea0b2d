import { afterEach, beforeEach, expect, test } from 'vitest';
import { BusBridge } from './bus-bridge';
import { startBusServer, type BusServer } from './ws-bus-server';
import { WebSocketBus } from './ws-bus-client';
import { Message } from './message';
import { FailingTools, MathTools } from '../toolbox/test-fixtures';
import { BusToolBox } from '../toolboxes/bus';
import { callOnBus } from '../testing/bus-call';

let server: BusServer;
let agent: WebSocketBus;
const closers: Array<() => Promise<void>> = [];

beforeEach(async () => {
  server = await startBusServer({ port: 0 });
  agent = new WebSocketBus(server.url);
  await agent.connect();
});
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
  await agent.close();
  await server.close();
});

async function bridged(toolboxes: () => import('../toolbox').ToolBox[]): Promise<BusBridge> {
  const bridge = new BusBridge({ url: server.url, toolboxes });
  closers.push(() => bridge.stop());
  await bridge.start();
  return bridge;
}

/** What an OVOS agent receives of `type` within `ms`, returning early once `enough` arrived (then a short grace for extras). */
async function collect(type: string, ms: number, enough = Infinity): Promise<Message[]> {
  const seen: Message[] = [];
  let early: () => void = () => undefined;
  const reached = new Promise<void>((resolve) => (early = resolve));
  const off = agent.on(type, (m) => {
    seen.push(m);
    if (seen.length >= enough) early();
  });
  await Promise.race([
    reached.then(() => new Promise((r) => setTimeout(r, 100))),
    new Promise((r) => setTimeout(r, ms)),
  ]);
  off();
  return seen;
}

test('the app toolboxes answer discover (one response each) and calls, in OVOS wire format', async () => {
  const math = new MathTools();
  const bridge = await bridged(() => [
    math,
    new FailingTools(),
    new BusToolBox({ config: { url: 'ws://127.0.0.1:1/core' } }),
  ]);
  expect(bridge.bus).not.toBeNull();

  const answers = collect('ovos.persona.tools.discover.response', 3000, 2);
  agent.emit(new Message('ovos.persona.tools.discover', {}, { source: 'agent', destination: 'tools' }));
  const discovered = await answers;
  expect(discovered.map((m) => m.data.toolbox_id).sort()).toEqual(['failing_tools', 'math_tools']);
  const mathAnswer = discovered.find((m) => m.data.toolbox_id === 'math_tools')!;
  expect(mathAnswer.data.tools).toEqual(math.toolJsonList);
  expect(mathAnswer.context).toMatchObject({ source: 'tools', destination: 'agent' });

  const reply = await callOnBus(agent, 'math_tools', { name: 'add', kwargs: { a: 5, b: 6 } }, 2000);
  expect(reply).toEqual({ result: { result: 11 }, toolbox_id: 'math_tools' });

  const unknown = await callOnBus(agent, 'math_tools', { name: 'nonexistent', kwargs: {} }, 2000);
  expect(unknown).toEqual({
    error: "ValueError: Unknown tool 'nonexistent' for ToolBox 'math_tools'.",
    toolbox_id: 'math_tools',
  });

  const failed = await callOnBus(agent, 'failing_tools', { name: 'fail', kwargs: {} }, 2000);
  expect(failed).toEqual({
    error: "RuntimeError: Tool execution failed for 'fail' in ToolBox 'failing_tools'",
    toolbox_id: 'failing_tools',
  });
});

test('the toolbox list is asked at every message, and stop() ends the answers', async () => {
  const toolboxes: import('../toolbox').ToolBox[] = [new MathTools()];
  const bridge = await bridged(() => toolboxes);
  toolboxes.push(new FailingTools());
  let answers = collect('ovos.persona.tools.discover.response', 3000, 2);
  agent.emit(new Message('ovos.persona.tools.discover'));
  expect((await answers).length).toBe(2);

  await bridge.stop();
  expect(bridge.bus).toBeNull();
  answers = collect('ovos.persona.tools.discover.response', 300);
  agent.emit(new Message('ovos.persona.tools.discover'));
  expect(await answers).toEqual([]);
});

test('start() rejects naming the URL when no bus is there', async () => {
  const bridge = new BusBridge({ url: 'ws://127.0.0.1:1/core', toolboxes: () => [] });
  await expect(bridge.start()).rejects.toThrow('Cannot connect to the bus at ws://127.0.0.1:1/core');
  expect(bridge.bus).toBeNull();
});
