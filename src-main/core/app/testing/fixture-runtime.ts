import type { TraceEvent } from '../../../../shared/domain/trace';
import type { ChatEngine } from '../../brains/chat-engine';
import { BUILTIN_ENGINES } from '../../engines/engines';
import { FixtureToolBox } from '../../engines/testing/fixture-toolboxes';
import { memoryFor } from '../../memory';
import { ToolRegistry, type ToolBox } from '../../toolbox';
import type { PersonaRuntime } from '../persona-runtime';
import { startRun, type StartRunOptions } from '../run-chat';

/**
 * A persona runtime built by hand for engine-level tests: a built-in engine (the native loop unless `over` names
 * another), `brain`, the FixtureToolBox (calc, boom, sleepy) plus `extra` toolboxes, 10 iterations, a 30 s tool
 * timeout and no persona file. `over` replaces any field.
 */
export async function fixtureRuntime(brain: ChatEngine, over: Partial<PersonaRuntime> = {}, extra: ToolBox[] = []) {
  const toolbox = new FixtureToolBox();
  const registry = new ToolRegistry([toolbox, ...extra]);
  await registry.ready();
  const engineId = over.engineId ?? 'ovos-native-toolcall-loop';
  const runtime: PersonaRuntime = {
    engineId,
    engine: BUILTIN_ENGINES.find((e) => e.id === engineId)!,
    engineConfig: {},
    brainId: brain.id,
    model: brain.model,
    maxIterations: 10,
    toolTimeoutMs: 30_000,
    systemPrompt: 'Use the tools.',
    memory: memoryFor({}),
    brain,
    registry,
    toolboxes: [toolbox],
    close: async () => undefined,
    ...over,
  };
  return { runtime, toolbox };
}

/** Starts one run of `message` in session `s` of an unsaved persona named `personaName`, keeping its events. */
export function startFixtureRun(
  runtime: PersonaRuntime,
  message: string,
  options: Partial<StartRunOptions> & { personaName?: string } = {},
) {
  const events: TraceEvent[] = [];
  const handle = startRun(runtime, {
    history: [],
    message,
    sessionId: 's',
    personaId: null,
    personaName: 'Calc',
    onEvent: (e) => events.push(e),
    ...options,
  });
  return { handle, events };
}
