import { afterEach, describe, expect, it } from 'vitest';
import { setLogSink } from '../log';
import { FailingTools, MathTools } from '../toolbox/test-fixtures';
import { waitForMessage } from './bus';
import { InProcessBus } from './in-process-bus';
import { Message } from './message';

afterEach(() => setLogSink(null));

/** Collects every message of a type, then waits a moment so late duplicates would be seen. */
async function collect(bus: InProcessBus, type: string, send: () => void, settleMs = 30): Promise<Message[]> {
  const seen: Message[] = [];
  const off = bus.on(type, (m) => seen.push(m));
  send();
  await new Promise((r) => setTimeout(r, settleMs));
  off();
  return seen;
}

async function boundMathTools() {
  const bus = new InProcessBus();
  const tb = new MathTools({ bus });
  await tb.ready;
  return { bus, tb };
}

describe('InProcessBus', () => {
  it('delivers by type in subscription order, onAny first; unsubscribe stops delivery', () => {
    const bus = new InProcessBus();
    const order: string[] = [];
    const offAny = bus.onAny((m) => order.push(`any:${m.type}`));
    bus.on('a', () => order.push('a1'));
    const off2 = bus.on('a', () => order.push('a2'));
    bus.emit(new Message('a'));
    bus.emit(new Message('b'));
    off2();
    offAny();
    bus.emit(new Message('a'));
    expect(order).toEqual(['any:a', 'a1', 'a2', 'any:b', 'a1']);
  });

  it('a throwing handler is logged and the others still run', () => {
    const lines: string[] = [];
    setLogSink((level, _scope, message) => lines.push(`${level}:${message}`));
    const bus = new InProcessBus();
    let ran = false;
    bus.on('a', () => {
      throw new Error('bad handler');
    });
    bus.on('a', () => (ran = true));
    bus.emit(new Message('a'));
    expect(ran).toBe(true);
    expect(lines).toEqual(["error:handler for 'a' threw: bad handler"]);
  });

  it('waitForMessage resolves on a match and rejects after its timeout', async () => {
    const bus = new InProcessBus();
    const waiting = waitForMessage(bus, 'x', 1000, (m) => m.data.n === 2);
    bus.emit(new Message('x', { n: 1 }));
    bus.emit(new Message('x', { n: 2 }));
    expect((await waiting).data).toEqual({ n: 2 });
    await expect(waitForMessage(bus, 'never', 20)).rejects.toThrow("No 'never' on the bus within 20 ms.");
  });
});

describe('ToolBox.bind on a bus (#18-#21)', () => {
  it('discover -> exactly one .response with {tools, toolbox_id}', async () => {
    const { bus, tb } = await boundMathTools();
    const replies = await collect(bus, 'ovos.persona.tools.discover.response', () =>
      bus.emit(new Message('ovos.persona.tools.discover')),
    );
    expect(replies).toHaveLength(1);
    expect(replies[0].data).toEqual({ tools: tb.toolJsonList, toolbox_id: 'math_tools' });
  });

  it('every bound toolbox answers discover', async () => {
    const { bus } = await boundMathTools();
    new FailingTools({ bus });
    const replies = await collect(bus, 'ovos.persona.tools.discover.response', () =>
      bus.emit(new Message('ovos.persona.tools.discover')),
    );
    expect(replies.map((m) => m.data.toolbox_id).sort()).toEqual(['failing_tools', 'math_tools']);
  });

  it('call -> one .call.response {result, toolbox_id}', async () => {
    const { bus } = await boundMathTools();
    const type = 'ovos.persona.tools.math_tools.call';
    const replies = await collect(bus, `${type}.response`, () =>
      bus.emit(new Message(type, { name: 'add', kwargs: { a: 5, b: 6 } })),
    );
    expect(replies.map((m) => m.data)).toEqual([{ result: { result: 11 }, toolbox_id: 'math_tools' }]);
  });

  it('unknown tool, bad input and a failing tool answer with the OVOS error strings', async () => {
    const { bus } = await boundMathTools();
    new FailingTools({ bus });
    const ask = async (toolbox: string, data: Record<string, unknown>) => {
      const type = `ovos.persona.tools.${toolbox}.call`;
      const replies = await collect(bus, `${type}.response`, () => bus.emit(new Message(type, data)));
      expect(replies).toHaveLength(1);
      return replies[0].data;
    };
    expect(await ask('math_tools', { name: 'nonexistent', kwargs: {} })).toEqual({
      error: "ValueError: Unknown tool 'nonexistent' for ToolBox 'math_tools'.",
      toolbox_id: 'math_tools',
    });
    expect(await ask('math_tools', { name: 'add', kwargs: { a: 'x', b: 1 } })).toEqual({
      error: "ValueError: Tool input validation failed for 'add' in ToolBox 'math_tools'",
      toolbox_id: 'math_tools',
    });
    expect(await ask('failing_tools', { name: 'fail', kwargs: {} })).toEqual({
      error: "RuntimeError: Tool execution failed for 'fail' in ToolBox 'failing_tools'",
      toolbox_id: 'failing_tools',
    });
    expect(await ask('math_tools', {})).toEqual({
      error: "ValueError: Unknown tool '' for ToolBox 'math_tools'.",
      toolbox_id: 'math_tools',
    });
    expect(await ask('math_tools', { name: 'add', kwargs: 'nope' })).toEqual({
      error:
        "RuntimeError: Tool 'add' called with unexpected type arguments: str. Must be Dict[str, Any] or ToolArguments.",
      toolbox_id: 'math_tools',
    });
  });

  it("kwargs of the wrong type answer OPM's RuntimeError with the Python type name; only a missing key is {}", async () => {
    const { bus } = await boundMathTools();
    const type = 'ovos.persona.tools.math_tools.call';
    const ask = async (data: Record<string, unknown>) => {
      const replies = await collect(bus, `${type}.response`, () => bus.emit(new Message(type, data)));
      expect(replies).toHaveLength(1);
      return replies[0].data;
    };
    const typeError = (t: string) => ({
      error: `RuntimeError: Tool 'add' called with unexpected type arguments: ${t}. Must be Dict[str, Any] or ToolArguments.`,
      toolbox_id: 'math_tools',
    });
    expect(await ask({ name: 'add', kwargs: null })).toEqual(typeError('NoneType'));
    expect(await ask({ name: 'add', kwargs: [1, 2] })).toEqual(typeError('list'));
    expect(await ask({ name: 'add', kwargs: 3 })).toEqual(typeError('int'));
    expect(await ask({ name: 'add', kwargs: 3.5 })).toEqual(typeError('float'));
    expect(await ask({ name: 'add', kwargs: true })).toEqual(typeError('bool'));
    // A missing key is {} (message.data.get("kwargs", {})): add then fails on its missing fields.
    expect(await ask({ name: 'add' })).toEqual({
      error: "ValueError: Tool input validation failed for 'add' in ToolBox 'math_tools'",
      toolbox_id: 'math_tools',
    });
  });

  it('a response swaps source and destination when both are set, else keeps the context (#21)', async () => {
    const { bus } = await boundMathTools();
    const type = 'ovos.persona.tools.math_tools.call';
    const both = await collect(bus, `${type}.response`, () =>
      bus.emit(
        new Message(
          type,
          { name: 'add', kwargs: { a: 1, b: 1 } },
          { source: 'A', destination: 'B', session: { session_id: 's' } },
        ),
      ),
    );
    expect(both[0].context).toEqual({ source: 'B', destination: 'A', session: { session_id: 's' } });
    const one = await collect(bus, `${type}.response`, () =>
      bus.emit(new Message(type, { name: 'add', kwargs: { a: 1, b: 1 } }, { source: 'A' })),
    );
    expect(one[0].context).toEqual({ source: 'A' });
  });

  it('unbind and close stop answering; binding elsewhere moves the toolbox', async () => {
    const { bus, tb } = await boundMathTools();
    const other = new InProcessBus();
    tb.bind(other);
    expect(tb.bus).toBe(other);
    expect(
      await collect(bus, 'ovos.persona.tools.discover.response', () =>
        bus.emit(new Message('ovos.persona.tools.discover')),
      ),
    ).toHaveLength(0);
    expect(
      await collect(other, 'ovos.persona.tools.discover.response', () =>
        other.emit(new Message('ovos.persona.tools.discover')),
      ),
    ).toHaveLength(1);
    await tb.close();
    expect(
      await collect(other, 'ovos.persona.tools.discover.response', () =>
        other.emit(new Message('ovos.persona.tools.discover')),
      ),
    ).toHaveLength(0);
  });
});
