import { LoopEngineConfig } from './loop-config';
import { loopLimit } from './limits';

/** Config block of `ovos-reflexion-loop`: the loop's keys (max_iterations per episode) plus OVOS's `max_reflections`. */
export const ReflexionConfig = LoopEngineConfig.extend({
  max_reflections: loopLimit(
    'max_reflections',
    3,
    'Max reflections',
    'ReAct episodes at most; after an unsatisfactory one the model reflects and tries again.',
  ),
});
