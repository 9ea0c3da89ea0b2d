import type { EngineSetup } from './loop-context';
import type { LoopEngine } from './loop-engine';
import { NativeToolCallEngine } from './native-loop';
import { ReActLoopEngine } from './react-loop';

/** The loop engines by their OVOS ids. */
export const ENGINE_CLASSES: Record<string, new (setup: EngineSetup) => LoopEngine> = {
  [NativeToolCallEngine.id]: NativeToolCallEngine,
  [ReActLoopEngine.id]: ReActLoopEngine,
};

/** A new engine by id; null for an id this app does not implement. */
export function createEngine(id: string, setup: EngineSetup): LoopEngine | null {
  const Engine = ENGINE_CLASSES[id];
  return Engine ? new Engine(setup) : null;
}
