import { describe, expect, it } from 'vitest';
import { InProcessBus } from '../bus/in-process-bus';
import { MathTools } from '../toolbox/test-fixtures';
import { createToolboxFromConfig } from './create-toolbox';

const classes = { math_tools: MathTools };

describe('createToolboxFromConfig (OVOSToolBoxFactory.create, #22)', () => {
  it('builds the named toolbox with its config block and binds it to the bus', async () => {
    const bus = new InProcessBus();
    const tb = createToolboxFromConfig(
      { agent_toolbox: { module: 'math_tools', math_tools: { answer: 42 } } },
      classes,
      bus,
    );
    expect(tb).toBeInstanceOf(MathTools);
    expect(tb.config).toEqual({ answer: 42 });
    expect(tb.bus).toBe(bus);
    expect(createToolboxFromConfig({ module: 'math_tools' }, classes).config).toEqual({});
  });

  it('no module -> ToolBox plugin not configured in: <cfg>; an unknown module is named', () => {
    expect(() => createToolboxFromConfig({ agent_toolbox: { module: null } }, classes)).toThrow(
      'ToolBox plugin not configured in: {"agent_toolbox":{"module":null}}',
    );
    expect(() => createToolboxFromConfig({ agent_toolbox: { module: 'weather' } }, classes)).toThrow(
      "ToolBox plugin 'weather' is not installed (installed: math_tools).",
    );
  });
});
