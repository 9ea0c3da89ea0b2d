import { ToolsNoIterationsConfig } from './loop-config';
import { loopLimit } from './limits';

/** Config block of `ovos-critic-loop`: the loop's keys but `max_iterations` (its own limits count) plus OVOS's `max_critique_rounds`. */
export const CriticConfig = ToolsNoIterationsConfig.extend({
  max_critique_rounds: loopLimit(
    'max_critique_rounds',
    2,
    'Max critique rounds',
    'Critique, verify with tools, revise: at most this many rounds.',
  ),
});
