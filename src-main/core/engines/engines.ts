import type { EngineDescriptor } from './engine-descriptor';
import { nativeToolCallEngine } from './native-loop';
import { chainOfThoughtEngine } from './ovos/chain-of-thought';
import { criticEngine } from './ovos/critic';
import { planExecuteEngine } from './ovos/plan-execute';
import { reflexionEngine } from './ovos/reflexion';
import { selfAskEngine } from './ovos/self-ask';
import { treeOfThoughtsEngine } from './ovos/tree-of-thoughts';
import { reactLoopEngine } from './react-loop';

/** The loop engines shipped with the app, in the order the editor lists them. To add one: its module exports a descriptor; list it here. */
export const BUILTIN_ENGINES: EngineDescriptor[] = [
  nativeToolCallEngine,
  reactLoopEngine,
  planExecuteEngine,
  reflexionEngine,
  selfAskEngine,
  chainOfThoughtEngine,
  criticEngine,
  treeOfThoughtsEngine,
];
