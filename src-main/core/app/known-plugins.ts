import { BRAINS } from '../brains/index';
import { ENGINES } from '../engines/catalog';
import type { KnownPlugins } from '../personas/persona-file';

/** The installed engine, brain and toolbox ids (toolboxes from a loaded catalog). */
export function knownPlugins(toolboxes: Record<string, unknown>): KnownPlugins {
  return { engines: Object.keys(ENGINES), brains: Object.keys(BRAINS), toolboxes: Object.keys(toolboxes) };
}
