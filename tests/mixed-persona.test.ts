import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createRequire } from 'node:module';
import path from 'node:path';
import { PersonaFile } from '../shared/domain/persona';
import type { TraceEvent } from '../shared/domain/trace';
import { startBusServer, type BusServer } from '../src-main/core/bus/ws-bus-server';
import { WebSocketBus } from '../src-main/core/bus/ws-bus-client';
import { buildPersonaRuntime } from '../src-main/core/app/persona-runtime';
import { startScriptedOpenAIServer, type ScriptedServer } from '../src-main/core/testing/scripted-openai-server';
import { ClockToolBox } from '../src-main/core/toolboxes/clock';
import { loadToolboxCatalog } from '../src-main/core/toolboxes/catalog';
import { startFixtureRun } from '../src-main/core/app/testing/fixture-runtime';
import { startWeatherUtcpProvider } from '../src-main/core/testing/weather-utcp-provider';

const EVERYTHING = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@modelcontextprotocol/server-everything/package.json')),
  'dist',
  'index.js',
);

describe('a persona mixing built-in, MCP, UTCP and bus tools', () => {
  let llm: ScriptedServer;
  let utcp: Awaited<ReturnType<typeof startWeatherUtcpProvider>>;
  let bus: BusServer;
  let agent: WebSocketBus;
  const clock = new ClockToolBox();

  beforeAll(async () => {
    utcp = await startWeatherUtcpProvider();
    bus = await startBusServer({ port: 0 });
    agent = new WebSocketBus(bus.url);
    await agent.connect();
    clock.bind(agent);
    llm = await startScriptedOpenAIServer({
      replies: [
        {
          toolCalls: [
            { id: 'c_math', name: 'evaluate_expression', arguments: { expression: '12*9' } },
            { id: 'c_mcp', name: 'get-sum', arguments: { a: 2, b: 40 } },
            { id: 'c_utcp', name: 'get_weather', arguments: { city: 'Lisbon' } },
            { id: 'c_bus', name: 'day_of_week', arguments: { date: '2024-03-15' } },
          ],
        },
        { content: '108, 42, 21.5 °C in Lisbon, and it was a Friday.' },
      ],
    });
  });
  afterAll(async () => {
    await llm?.close();
    await clock.close();
    await agent?.close();
    await bus?.close();
    await utcp?.close();
  });

  test('a scripted loop calls one tool of each; all four results are in the trace and sent back to the model', async () => {
    const persona = PersonaFile.parse({
      name: 'Everything at once',
      handlers: ['ovos-native-toolcall-loop'],
      'ovos-native-toolcall-loop': {
        brain: 'ovos-chat-openai-plugin',
        tool_timeout_s: 10,
        toolboxes: ['ovos-math-tools', 'ovos-mcp-toolbox', 'ovos-utcp-toolbox', 'ovos-bus-toolbox'],
        'ovos-chat-openai-plugin': { model: 'scripted', api_url: llm.url },
        'ovos-mcp-toolbox': { command: process.execPath, args: [EVERYTHING, 'stdio'] },
        'ovos-utcp-toolbox': {
          utcp_config: {
            manual_call_templates: [{ name: 'weather', call_template_type: 'http', http_method: 'GET', url: utcp.url }],
          },
        },
        'ovos-bus-toolbox': { url: bus.url, discover_timeout_ms: 800 },
      },
    });
    const { toolboxes } = await loadToolboxCatalog({});
    const runtime = await buildPersonaRuntime(persona, { toolboxes, programs: 'all' });
    const { handle, events } = startFixtureRun(runtime, 'Compute, add, check the weather and the weekday.', {
      personaName: persona.name,
    });
    try {
      const outcome = await handle.done;
      expect(outcome).toEqual({ status: 'finished', answer: '108, 42, 21.5 °C in Lisbon, and it was a Friday.' });
    } finally {
      await runtime.close();
    }

    const started = events.find((e) => e.type === 'run_started') as Extract<TraceEvent, { type: 'run_started' }>;
    expect(started.tools).toEqual(
      expect.arrayContaining(['evaluate_expression', 'get-sum', 'get_weather', 'day_of_week']),
    );
    const results = events.filter((e): e is Extract<TraceEvent, { type: 'tool_result' }> => e.type === 'tool_result');
    expect(events.filter((e) => e.type === 'tool_error')).toEqual([]);
    expect(results.map((r) => [r.toolCallId, r.toolboxId])).toEqual([
      ['c_math', 'ovos-math-tools'],
      ['c_mcp', 'ovos-mcp-toolbox'],
      ['c_utcp', 'ovos-utcp-toolbox'],
      ['c_bus', 'ovos-bus-toolbox'],
    ]);
    expect(results[0].result).toEqual({ result: 108, expression: '12*9', error: null });
    expect(results[1].result).toMatchObject({ content: 'The sum of 2 and 40 is 42.', is_error: false });
    expect(results[2].result).toEqual({ city: 'Lisbon', temperature: 21.5 });
    expect(results[3].result).toMatchObject({ date: '2024-03-15', day_of_week: 'Friday' });

    const second = llm.chatRequests[1].body as { messages: { role: string; tool_call_id?: string; content: string }[] };
    const toolMessages = second.messages.filter((m) => m.role === 'tool');
    expect(toolMessages.map((m) => m.tool_call_id)).toEqual(['c_math', 'c_mcp', 'c_utcp', 'c_bus']);
    expect(toolMessages.map((m) => m.content)).toEqual(results.map((r) => r.content));
  });
});
