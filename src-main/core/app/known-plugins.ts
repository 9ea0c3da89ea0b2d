import { BUILTIN_BRAINS, type BrainDescriptor } from '../brains/index';
import type { EngineDescriptor } from '../engines/engine-descriptor';
import { BUILTIN_ENGINES } from '../engines/engines';
import { knownIds } from '../plugins/descriptor';
import type { KnownPlugins } from '../personas/persona-file';

/** The installed engine, brain and toolbox ids (toolboxes from a loaded catalog). */
export function knownPlugins(
  toolboxes: Record<string, unknown>,
  engines: EngineDescriptor[] = BUILTIN_ENGINES,
  brains: BrainDescriptor[] = BUILTIN_BRAINS,
): KnownPlugins {
  return { engines: knownIds(engines), brains: brains.map((b) => b.id), toolboxes: Object.keys(toolboxes) };
}
