import { describe, expect, it } from 'vitest';
import { defineTool, ToolArguments, ToolBox, type AgentTool, type ToolBoxOptions } from '../toolbox';
import { AddOutput } from '../toolbox/test-fixtures';
import {
  instantiatePersonaToolboxes,
  instantiateToolboxes,
  ToolboxCreateError,
  waitForDiscovery,
} from './instantiate-toolboxes';
import { toolboxDescriptorOf } from '../toolboxes/toolbox-descriptor';

const closed: string[] = [];

class Echo extends ToolBox {
  static defaultId = 'echo';
  discoverTools(): AgentTool[] | Promise<AgentTool[]> {
    return [
      defineTool({
        name: 'ping',
        description: 'ping',
        argumentSchema: ToolArguments,
        outputSchema: AddOutput,
        toolCall: () => ({ result: 1 }),
      }),
    ];
  }
  async close(): Promise<void> {
    closed.push(this.toolboxId);
  }
}

class Broken extends Echo {
  static defaultId = 'broken';
  constructor(options: ToolBoxOptions = {}) {
    super(options);
    throw new Error('bad config');
  }
}

class Slow extends Echo {
  static defaultId = 'slow';
  discoverTools(): Promise<AgentTool[]> {
    return new Promise(() => undefined);
  }
}

const classes = {
  echo: toolboxDescriptorOf(Echo),
  broken: toolboxDescriptorOf(Broken),
  slow: toolboxDescriptorOf(Slow),
};

describe('instantiateToolboxes, the one place toolboxes are built', () => {
  it('builds plugin ids and <plugin>:<instance> ids with their configs', async () => {
    const built = await instantiateToolboxes(classes, [
      { id: 'echo', config: { a: 1 } },
      { id: 'echo:two', config: { b: 2 } },
    ]);
    expect(built.map((t) => [t.constructor, t.toolboxId, t.config])).toEqual([
      [Echo, 'echo', { a: 1 }],
      [Echo, 'echo:two', { b: 2 }],
    ]);
  });

  it('all or nothing: a constructor that throws closes those already built and is named in the error', async () => {
    closed.length = 0;
    const error = await instantiateToolboxes(classes, [
      { id: 'echo:first', config: {} },
      { id: 'broken', config: {} },
    ]).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ToolboxCreateError);
    expect((error as ToolboxCreateError).toValue()).toEqual({
      code: 'persona_invalid',
      message: "Toolbox 'broken' could not be created: bad config",
      details: { id: 'broken' },
    });
    expect((error as ToolboxCreateError).reason.message).toBe('bad config');
    expect(closed).toEqual(['echo:first']);
  });

  it("reads a persona's toolboxes from its engine block, configs there or at the top level; unknown ids are named", async () => {
    const persona = {
      'my-loop': { toolboxes: ['echo', 'echo:b', 'echo'], 'echo:b': { where: 'block' } },
      echo: { where: 'top' },
    };
    const built = await instantiatePersonaToolboxes(persona, 'my-loop', classes);
    expect(built.map((t) => [t.toolboxId, t.config])).toEqual([
      ['echo', { where: 'top' }],
      ['echo:b', { where: 'block' }],
    ]);
    await expect(
      instantiatePersonaToolboxes({ 'my-loop': { toolboxes: ['nope:x'] } }, 'my-loop', classes),
    ).rejects.toThrow("Unknown toolbox 'nope:x' in 'my-loop'. Available toolboxes: 'echo', 'broken', 'slow'.");
  });

  it('waits for discovery at most the given time', async () => {
    const [slow] = await instantiateToolboxes(classes, [{ id: 'slow', config: {} }]);
    const started = Date.now();
    await waitForDiscovery([slow], 50);
    expect(Date.now() - started).toBeLessThan(1000);
    const [echo] = await instantiateToolboxes(classes, [{ id: 'echo', config: {} }]);
    await waitForDiscovery([echo], 5_000);
    expect([...echo.tools.keys()]).toEqual(['ping']);
  });
});
