import { LoopEngineConfig } from './loop-config';
import { loopLimit } from './limits';

/** Config block of `ovos-critic-loop`: the loop's keys plus OVOS's `max_critique_rounds`. */
export const CriticConfig = LoopEngineConfig.extend({
  max_critique_rounds: loopLimit(
    'max_critique_rounds',
    2,
    'Max critique rounds',
    'Critique, verify with tools, revise: at most this many rounds.',
  ),
});
