import type { EngineDescriptor } from './engine-descriptor';
import { nativeToolCallEngine } from './native-loop';
import { reactLoopEngine } from './react-loop';

/** The loop engines shipped with the app, in the order the editor lists them. To add one: its module exports a descriptor; list it here. */
export const BUILTIN_ENGINES: EngineDescriptor[] = [nativeToolCallEngine, reactLoopEngine];
