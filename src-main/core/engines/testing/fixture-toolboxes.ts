import { defineTool, ToolArguments, ToolBox, ToolRegistry, type AgentTool, type ToolBoxOptions } from '../../toolbox';
import { addTool, AddOutput, failTool } from '../../toolbox/test-fixtures';

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
    const sleepy = defineTool({
      name: 'sleepy',
      description: 'Never returns.',
      argumentSchema: ToolArguments,
      outputSchema: AddOutput,
      toolCall: (_args, ctx) =>
        new Promise<never>(() => {
          ctx.signal.addEventListener('abort', () => this.aborted++, { once: true });
        }),
    });
    return [{ ...addTool, name: 'calc' }, { ...failTool, name: 'boom', outputSchema: AddOutput }, sleepy].map((tool) =>
      this.logged(tool),
    );
  }

  /** The tool with each call written to `callLog` before it runs. */
  private logged(tool: AgentTool): AgentTool {
    return {
      ...tool,
      toolCall: (args, ctx) => {
        this.callLog.push({ name: tool.name, args });
        return tool.toolCall(args, ctx);
      },
    };
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
