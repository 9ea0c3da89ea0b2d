import type { ToolExecution, ToolRegistry } from '../../toolbox';
import { INSTALLED_SCOPE } from '../../call-history/call-history-store';
import { logger } from '../../log';
import type { AppContext } from '../../app/app-context';
import type { Handlers } from '../dispatch';

const log = logger('call-history');

/** Calls made without a persona (installed toolboxes) have a history of their own. */
const scopeOf = (personaId: string | undefined) => personaId ?? INSTALLED_SCOPE;

/**
 * Records a manual call (tools.call) in the scope's history, its secret arguments left out by the tool's schema
 * and names. A history that cannot be written does not fail the call: the user is told in a notice.
 */
export async function recordCall(
  app: AppContext,
  personaId: string | undefined,
  registry: ToolRegistry,
  toolboxId: string,
  name: string,
  args: Record<string, unknown>,
  execution: ToolExecution,
): Promise<void> {
  const schema = registry.toolInfos().find((t) => t.name === name)?.argument_schema;
  const outcome = execution.ok
    ? { ok: true as const, result: execution.result, durationMs: execution.durationMs }
    : { ok: false as const, error: execution.error, durationMs: execution.durationMs };
  try {
    await app.callHistory.record(scopeOf(personaId), { toolboxId, name, args, argumentSchema: schema, outcome });
  } catch (error) {
    log.warn(`cannot record the call of ${toolboxId}/${name}: ${(error as Error).message}`);
    app.notify(
      'warning',
      `The call of ${name} ran, but it could not be kept in the history: ${(error as Error).message}`,
    );
  }
}

/** The Tools pane's history of manual calls, and saved calls: list, save an entry with a name, rename, delete. */
export function callHistoryHandlers(
  app: AppContext,
): Pick<Handlers, 'tools.history' | 'tools.saveCall' | 'tools.renameCall' | 'tools.deleteCall'> {
  return {
    'tools.history': ({ personaId }) => app.callHistory.list(scopeOf(personaId)),
    'tools.saveCall': ({ personaId, entryId, label }) => app.callHistory.save(scopeOf(personaId), entryId, label),
    'tools.renameCall': ({ personaId, savedId, label }) => app.callHistory.rename(scopeOf(personaId), savedId, label),
    'tools.deleteCall': async ({ personaId, savedId }) => ({
      deleted: await app.callHistory.delete(scopeOf(personaId), savedId),
    }),
  };
}
