import { PromptOnlyConfig } from './loop-config';
import { loopLimit } from './limits';

/** Config block of `ovos-tree-of-thoughts-loop`: the loop's keys but `max_iterations` and the tool limits (it calls no tools) plus OVOS's `n_branches`, `beam_width`, `max_depth`. */
export const TreeOfThoughtsConfig = PromptOnlyConfig.extend({
  n_branches: loopLimit('n_branches', 3, 'Branches', 'Candidate thoughts generated from each kept branch per level.'),
  beam_width: loopLimit('beam_width', 2, 'Beam width', 'Best-scored candidates kept for the next level.'),
  max_depth: loopLimit('max_depth', 4, 'Max depth', 'Levels before the best branch is asked for its answer.'),
});
