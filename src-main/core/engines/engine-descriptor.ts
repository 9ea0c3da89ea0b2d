import type { PluginDescriptor } from '../plugins/descriptor';
import type { EngineSetup } from './loop-context';
import type { LoopEngine } from './loop-engine';

/**
 * A loop engine plugin: its config (an extension of LoopEngineConfig or of one of its cuts, so `brain`, `toolboxes`
 * and the limits keep their meaning; the loop keys it names are the ones it reads) and a factory taking the
 * resolved setup, whose `config` is the parsed engine block.
 */
export type EngineDescriptor = PluginDescriptor<(setup: EngineSetup) => LoopEngine>;

/** A descriptor, typed: for the engines' modules and for tests. */
export function defineEngine(descriptor: EngineDescriptor): EngineDescriptor {
  return descriptor;
}
