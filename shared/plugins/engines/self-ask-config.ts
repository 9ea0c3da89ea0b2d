import { ToolsNoIterationsConfig } from './loop-config';
import { loopLimit } from './limits';

/** Config block of `ovos-self-ask-loop`: the loop's keys but `max_iterations` (its own limits count) plus OVOS's `max_follow_ups`. */
export const SelfAskConfig = ToolsNoIterationsConfig.extend({
  max_follow_ups: loopLimit(
    'max_follow_ups',
    8,
    'Max follow-ups',
    'Follow-up questions before the model is told to give the final answer.',
  ),
});
