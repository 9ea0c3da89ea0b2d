import { describe, expect, it } from 'vitest';
import { defineTool, ToolArguments, ToolBox, type AgentTool, type ToolBoxOptions } from '../toolbox';
import { AddOutput } from '../toolbox/test-fixtures';
import { toolboxRecord } from '../toolboxes/catalog';
import { toolboxDescriptorOf } from '../toolboxes/toolbox-descriptor';
import {
  instantiatePersonaToolboxes,
  instantiateToolboxes,
  ToolboxCreateError,
  waitForDiscovery,
} from './instantiate-toolboxes';

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

const classes = toolboxRecord([Echo, Broken, Slow].map((cls) => toolboxDescriptorOf(cls, { source: 'builtin' })));

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

  it("reads a persona's toolboxes from its engine block, configs there or at the top level; an unknown one is skipped, named", async () => {
    const persona = {
      'my-loop': { toolboxes: ['echo', 'echo:b', 'echo'], 'echo:b': { where: 'block' } },
      echo: { where: 'top' },
    };
    const built = await instantiatePersonaToolboxes(persona, 'my-loop', classes);
    expect(built.map((t) => [t.toolboxId, t.config])).toEqual([
      ['echo', { where: 'top' }],
      ['echo:b', { where: 'block' }],
    ]);
    // As OVOS does, a toolbox without an installed plugin is left out, and the others are built (in order).
    const partial = await instantiatePersonaToolboxes(
      { 'my-loop': { toolboxes: ['nope:x', 'echo'], 'nope:x': { keep: 1 } } },
      'my-loop',
      classes,
    );
    expect(partial.map((t) => t.toolboxId)).toEqual(['nope:x', 'echo']);
    await Promise.all(partial.map((t) => t.ready.catch(() => undefined)));
    expect(partial[0].config).toEqual({ keep: 1 });
    expect(partial[0].toolJsonList).toEqual([]);
    expect(partial[0].discoveryError).toMatchObject({
      code: 'toolbox_not_installed',
      message: "No toolbox plugin 'nope' is installed here, so the persona runs without it (as OVOS does).",
      details: { id: 'nope:x', installed: ['echo', 'broken', 'slow'] },
    });
    expect(partial[1].toolJsonList.map((t) => t.name)).toEqual(['ping']);
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
