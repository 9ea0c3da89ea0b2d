import type { ErrorValue } from '../../../shared/domain/errors';
import type { BundleTool } from '../../../shared/domain/run-bundle';
import type { TraceEvent } from '../../../shared/domain/trace';
import { StudioError } from '../errors';
import { ToolBox, type AgentTool } from '../toolbox';
import type { ToolboxDescriptor } from '../toolboxes/toolbox-descriptor';
import { z } from 'zod';

type Outcome = { ok: true; result: Record<string, unknown> } | { ok: false; error: ErrorValue };

/** Arguments as a key that ignores key order. */
function stableKey(name: string, args: unknown): string {
  const sort = (v: unknown): unknown =>
    Array.isArray(v)
      ? v.map(sort)
      : v && typeof v === 'object'
        ? Object.fromEntries(
            Object.keys(v)
              .sort()
              .map((k) => [k, sort((v as Record<string, unknown>)[k])]),
          )
        : v;
  return `${name}(${JSON.stringify(sort(args ?? {}))})`;
}

/**
 * The tool outcomes of a recorded trace by tool name and arguments, each taken once in recorded order: what a
 * bundle's offline re-run answers calls with.
 */
export class RecordedOutcomes {
  private readonly queues = new Map<string, Outcome[]>();

  constructor(events: TraceEvent[]) {
    for (const e of events) {
      if (e.type !== 'tool_result' && e.type !== 'tool_error') continue;
      const outcome: Outcome =
        e.type === 'tool_result'
          ? {
              ok: true,
              result: (e.result && typeof e.result === 'object' ? e.result : { result: e.result }) as Record<
                string,
                unknown
              >,
            }
          : { ok: false, error: e.error };
      const key = stableKey(e.name, e.arguments);
      this.queues.set(key, [...(this.queues.get(key) ?? []), outcome]);
    }
  }

  take(name: string, args: unknown): Outcome | null {
    return this.queues.get(stableKey(name, args))?.shift() ?? null;
  }
}

/**
 * A stand-in for a toolbox of a bundle: it offers the tools as the bundle recorded them (names, descriptions,
 * input schemas) and answers each call from the recording; it runs nothing. A call the recording lacks fails as
 * "no recorded result".
 */
export class RecordedToolBox extends ToolBox {
  constructor(
    toolboxId: string,
    private readonly recordedTools: BundleTool[],
    private readonly outcomes: RecordedOutcomes,
  ) {
    super({ toolboxId });
  }

  discoverTools(): AgentTool[] {
    return this.recordedTools.map((t) => ({
      name: t.name,
      description: t.description,
      argumentSchema: t.inputSchema ?? { type: 'object' },
      outputSchema: { type: 'object' },
      toolCall: (args: Record<string, unknown>) => {
        const outcome = this.outcomes.take(t.name, args);
        if (!outcome)
          throw new StudioError('not_found', `no recorded result for ${stableKey(t.name, args)} in the bundle`);
        if (!outcome.ok) throw new StudioError(outcome.error.code, outcome.error.message, outcome.error.details);
        return outcome.result;
      },
    }));
  }
}

/**
 * Toolbox descriptors for every plugin a bundle's persona names, each making a RecordedToolBox: so the persona's
 * runtime is built without any of its real toolboxes (no MCP server started, no program, no network).
 */
export function recordedToolboxes(
  toolboxIds: string[],
  tools: BundleTool[],
  outcomes: RecordedOutcomes,
): Record<string, ToolboxDescriptor> {
  const out: Record<string, ToolboxDescriptor> = {};
  const first = toolboxIds[0];
  for (const id of toolboxIds) {
    const plugin = id.split(':')[0];
    out[plugin] = {
      id: plugin,
      title: `${plugin} (recorded)`,
      description: 'Answers from the bundle’s recording; runs nothing.',
      config: z.looseObject({}),
      configSchema: { type: 'object' },
      source: 'builtin',
      create: (o) =>
        new RecordedToolBox(
          o.toolboxId,
          tools.filter((t) => t.toolboxId === o.toolboxId || (t.toolboxId === null && o.toolboxId === first)),
          outcomes,
        ),
    };
  }
  return out;
}
