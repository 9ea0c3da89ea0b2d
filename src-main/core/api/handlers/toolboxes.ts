import type { ErrorValue } from '../../../../shared/domain/errors';
import type { ToolboxInfo } from '../../../../shared/domain/tool';
import { withToolEnabled } from '../../../../shared/domain/tool-switches';
import { DEFAULT_TOOL_TIMEOUT_S } from '../../engines/loop-context';
import { StudioError } from '../../errors';
import { blockWithoutSecrets } from '../../personas/secret-fields';
import { configSchemaOf } from '../../plugins/descriptor';
import { canReadResources, executeToolCall, ToolRegistry, type ToolBox } from '../../toolbox';
import { causeMessage } from '../../toolbox/tool-errors';
import { toolboxFor } from '../../toolboxes/catalog';
import type { AppContext } from '../../app/app-context';
import type { Handlers } from '../dispatch';
import { recordCall } from './call-history';

const DEFAULT_TOOL_TIMEOUT_MS = DEFAULT_TOOL_TIMEOUT_S * 1000;

/** The toolboxes in a scope: a persona's (one registry, clash renames applied) or every installed one. */
async function scope(
  app: AppContext,
  personaId: string | undefined,
): Promise<{ toolboxes: ToolBox[]; registry: ToolRegistry; timeoutMs: number }> {
  if (personaId) {
    const runtime = await app.runtimes.get(personaId);
    return {
      toolboxes: runtime.toolboxes,
      registry: runtime.registry,
      timeoutMs: runtime.toolTimeoutMs ?? DEFAULT_TOOL_TIMEOUT_MS,
    };
  }
  const toolboxes = await app.defaults.all();
  return { toolboxes, registry: new ToolRegistry(toolboxes), timeoutMs: DEFAULT_TOOL_TIMEOUT_MS };
}

async function describe(
  app: AppContext,
  toolboxes: ToolBox[],
  registry: ToolRegistry,
  personaId: string | null,
): Promise<ToolboxInfo[]> {
  await Promise.all(toolboxes.map((tb) => tb.ready));
  const catalog = await app.toolboxCatalog();
  // Without a persona every toolbox stands alone, so its tools keep their own names.
  const infos = personaId ? registry.toolInfos() : toolboxes.flatMap((tb) => new ToolRegistry([tb]).toolInfos());
  const out: ToolboxInfo[] = toolboxes.map((tb) => {
    const descriptor = toolboxFor(catalog.toolboxes, tb.toolboxId);
    return {
      toolboxId: tb.toolboxId,
      title: descriptor?.title ?? tb.toolboxId,
      description: descriptor?.description ?? '',
      source: catalog.toolboxes[tb.toolboxId]?.source ?? 'builtin',
      configSchema: descriptor ? configSchemaOf(descriptor) : { type: 'object' },
      // The runtime's config has the stored secrets merged in; the window gets it without them.
      config: blockWithoutSecrets(tb.toolboxId, tb.config),
      tools: infos.filter((t) => t.toolboxId === tb.toolboxId),
      error: tb.discoveryError ? toolboxError(tb.discoveryError) : null,
    };
  });
  if (!personaId) {
    for (const entry of await app.defaults.entries()) {
      if (entry.toolbox || !entry.error) continue;
      out.push({
        toolboxId: entry.toolboxId,
        title: entry.toolboxId,
        description: '',
        source: catalog.toolboxes[entry.toolboxId]?.source ?? 'builtin',
        configSchema: { type: 'object' },
        config: {},
        tools: [],
        error: toolboxError(entry.error),
      });
    }
  }
  return out;
}

/** Why a toolbox has no tools (its server is down, its config is wrong): `toolbox_unavailable` unless it had a code. */
function toolboxError(error: Error): ErrorValue {
  return error instanceof StudioError ? error.toValue() : { code: 'toolbox_unavailable', message: error.message };
}

/** Toolboxes with their tools; refresh; call a tool by hand through the loop's own executeToolCall. */
export function toolboxHandlers(
  app: AppContext,
): Pick<Handlers, 'toolboxes.list' | 'toolboxes.refresh' | 'tools.call' | 'tools.setEnabled' | 'tools.readResource'> {
  return {
    'tools.setEnabled': async ({ personaId, toolboxId, name, enabled }) => {
      const { persona } = await app.personas.get(personaId);
      // Secrets are absent from `persona`, which keeps the stored ones; the runtime is rebuilt with the new switches.
      const record = await app.personas.save(personaId, withToolEnabled(persona, toolboxId, name, enabled));
      app.personaChanged(record.id);
      return record;
    },
    'toolboxes.list': async ({ personaId }) => {
      const { toolboxes, registry } = await scope(app, personaId);
      return { toolboxes: await describe(app, toolboxes, registry, personaId ?? null) };
    },
    'toolboxes.refresh': async ({ personaId, toolboxId }) => {
      const { toolboxes, registry } = await scope(app, personaId);
      const targets = toolboxId ? toolboxes.filter((tb) => tb.toolboxId === toolboxId) : toolboxes;
      if (toolboxId && !targets.length) throw new StudioError('not_found', `No toolbox '${toolboxId}' here.`);
      await Promise.all(targets.map((tb) => tb.ready.then(() => tb.refreshTools()).catch(() => undefined)));
      for (const tb of targets) app.emit('tools.changed', { toolboxId: tb.toolboxId, personaId: personaId ?? null });
      return { toolboxes: await describe(app, toolboxes, registry, personaId ?? null) };
    },
    'tools.call': async ({ personaId, toolboxId, name, arguments: args }) => {
      const { toolboxes, timeoutMs } = await scope(app, personaId);
      const toolbox = toolboxes.find((tb) => tb.toolboxId === toolboxId);
      if (!toolbox)
        throw new StudioError(
          'not_found',
          `No toolbox '${toolboxId}'${personaId ? ` in persona '${personaId}'` : ''}.`,
        );
      // A registry of this one toolbox: the tool is found by its own name, with the loop's validation and errors.
      const registry = new ToolRegistry([toolbox]);
      const execution = await executeToolCall(registry, name, args, { timeoutMs });
      await recordCall(app, personaId, registry, toolboxId, name, args, execution);
      if (!execution.ok) throw new StudioError(execution.error.code, execution.error.message, execution.error.details);
      return { result: execution.result, durationMs: execution.durationMs };
    },
    'tools.readResource': async ({ personaId, toolboxId, uri }) => {
      const { toolboxes } = await scope(app, personaId);
      const toolbox = toolboxes.find((tb) => tb.toolboxId === toolboxId);
      if (!toolbox)
        throw new StudioError(
          'not_found',
          `No toolbox '${toolboxId}'${personaId ? ` in persona '${personaId}'` : ''}.`,
        );
      if (!canReadResources(toolbox)) {
        // A toolbox waiting for the user's approval says so (its server has not started), as its tools do.
        await toolbox.ready;
        if (toolbox.discoveryError instanceof StudioError) throw toolbox.discoveryError;
        throw new StudioError('bad_input', `Toolbox '${toolboxId}' has no resources to read: it is not an MCP server.`);
      }
      try {
        return { contents: (await toolbox.readResource({ uri })).contents };
      } catch (error) {
        throw new StudioError('tool_execution_failed', `Could not read the resource '${uri}'.`, {
          cause: causeMessage(error),
        });
      }
    },
  };
}
