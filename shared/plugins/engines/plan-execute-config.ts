import { ToolsNoIterationsConfig } from './loop-config';
import { loopLimit } from './limits';

/** Config block of `ovos-plan-execute-loop`: the loop's keys but `max_iterations` (its own limits count) plus OVOS's `max_steps` and `max_step_iterations`. */
export const PlanExecuteConfig = ToolsNoIterationsConfig.extend({
  max_steps: loopLimit('max_steps', 10, 'Max steps', 'Plan steps executed; a longer plan is cut to this many.'),
  max_step_iterations: loopLimit(
    'max_step_iterations',
    5,
    'Max step iterations',
    "Tool-call cycles of one step's mini ReAct loop before the step reports what it has.",
  ),
});
