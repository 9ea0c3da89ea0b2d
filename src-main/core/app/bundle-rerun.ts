import { engineIdOf, type PersonaFile } from '../../../shared/domain/persona';
import type { RunBundle } from '../../../shared/domain/run-bundle';
import type { TraceEvent } from '../../../shared/domain/trace';
import { ReplayBrain, REPLAY_BRAIN_ID } from '../brains/replay-brain';
import { buildPersonaRuntime, type PersonaRuntime } from './persona-runtime';
import { startRun, type RunOutcome } from './run-chat';
import { historyFromEvents } from '../sessions/session-summary';
import { RecordedOutcomes, recordedToolboxes } from '../bundles/recorded-toolbox';

/** The toolbox ids the persona's engine block names. */
function toolboxIdsOf(persona: PersonaFile): string[] {
  const engine = engineIdOf(persona);
  const block = engine ? (persona as Record<string, unknown>)[engine] : null;
  const ids = block && typeof block === 'object' ? (block as { toolboxes?: unknown }).toolboxes : null;
  return Array.isArray(ids) ? ids.filter((i): i is string => typeof i === 'string') : [];
}

/**
 * The bundle's persona as a runtime that needs nothing outside the bundle: the replay brain plays the recorded
 * assistant turns (no provider request), and every toolbox is a recorded stand-in (no tool runs, no program).
 */
export async function offlineRuntime(bundle: RunBundle): Promise<PersonaRuntime> {
  const persona = bundle.persona.file as PersonaFile;
  const outcomes = new RecordedOutcomes(bundle.events);
  const built = await buildPersonaRuntime(persona, {
    toolboxes: recordedToolboxes(toolboxIdsOf(persona), bundle.tools, outcomes),
  });
  return { ...built, brain: new ReplayBrain({ events: bundle.events }), brainId: REPLAY_BRAIN_ID, model: null };
}

export interface OfflineRerunOptions {
  sessionId: string;
  personaId: string | null;
  onEvent(event: TraceEvent): void;
}

/**
 * Re-runs a bundle fully offline: its user turns in order, each a run continuing the new session, answered by the
 * replay brain and the recorded tool results. A run that does not finish stops the re-run.
 */
export async function rerunBundleOffline(bundle: RunBundle, options: OfflineRerunOptions): Promise<RunOutcome[]> {
  const runtime = await offlineRuntime(bundle);
  const events: TraceEvent[] = [];
  const outcomes: RunOutcome[] = [];
  try {
    for (const e of bundle.events) {
      if (e.type !== 'user_message') continue;
      const handle = startRun(runtime, {
        history: historyFromEvents(events),
        message: e.content,
        sessionId: options.sessionId,
        personaId: options.personaId,
        personaName: bundle.persona.file.name as string,
        personaVersion: bundle.persona.version,
        onEvent: (event) => {
          events.push(event);
          options.onEvent(event);
        },
      });
      const outcome = await handle.done;
      outcomes.push(outcome);
      if (outcome.status !== 'finished') break;
    }
  } finally {
    await runtime.close();
  }
  return outcomes;
}
