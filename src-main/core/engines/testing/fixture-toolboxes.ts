import { defineTool, ToolArguments, ToolBox, ToolRegistry, type AgentTool, type ToolBoxOptions } from '../../toolbox';
import { AddArgs as CalcArgs, AddOutput as CalcOutput } from '../../toolbox/test-fixtures';

/** Engine test tools: `calc` adds, `boom` throws, `sleepy` hangs until cancelled; every call is counted. */
export class FixtureToolBox extends ToolBox {
  static defaultId = 'fixture_tools';
  readonly callLog: { name: string; args: Record<string, unknown> }[] = [];
  /** Calls of `sleepy` whose signal has aborted (a timeout or a cancel reached the tool). */
  aborted = 0;

  constructor(options: ToolBoxOptions = {}) {
    super(options);
  }

  discoverTools(): AgentTool[] {
    return [
      defineTool({
        name: 'calc',
        description: 'Add two integers.',
        argumentSchema: CalcArgs,
        outputSchema: CalcOutput,
        toolCall: (args) => {
          this.callLog.push({ name: 'calc', args });
          return { result: args.a + args.b };
        },
      }),
      defineTool({
        name: 'boom',
        description: 'Always fails.',
        argumentSchema: ToolArguments,
        outputSchema: CalcOutput,
        toolCall: (args) => {
          this.callLog.push({ name: 'boom', args });
          throw new Error('boom');
        },
      }),
      defineTool({
        name: 'sleepy',
        description: 'Never returns.',
        argumentSchema: ToolArguments,
        outputSchema: CalcOutput,
        toolCall: (args, ctx) => {
          this.callLog.push({ name: 'sleepy', args });
          return new Promise<never>(() => {
            ctx.signal.addEventListener('abort', () => this.aborted++, { once: true });
          });
        },
      }),
    ];
  }
}

/** A toolbox whose discovery always fails (it has no tools). */
export class BrokenToolBox extends ToolBox {
  static defaultId = 'broken_tools';
  discoverTools(): AgentTool[] {
    throw new Error('discovery failed');
  }
}

/** A registry over one FixtureToolBox, ready to use. */
export async function fixtureRegistry(): Promise<{ registry: ToolRegistry; toolbox: FixtureToolBox }> {
  const toolbox = new FixtureToolBox();
  const registry = new ToolRegistry([toolbox]);
  await registry.ready();
  return { registry, toolbox };
}
