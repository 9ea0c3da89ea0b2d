/** The loop engines: ReAct and native tool calls, their trace, and one run of a persona. */
export { ReActLoopEngine, reactLoopEngine, runReactLoop } from './react-loop';
export { NativeToolCallEngine, nativeToolCallEngine } from './native-loop';
export { LoopEngine } from './loop-engine';
export { BUILTIN_ENGINES } from './engines';
export { defineEngine, type EngineDescriptor } from './engine-descriptor';
export { RunTracer, type TraceDraft } from './run-tracer';
export {
  DEFAULT_MAX_ITERATIONS,
  DEFAULT_TOOL_TIMEOUT_S,
  type EngineSetup,
  type EngineRunOptions,
  type LoopResult,
} from './loop-context';
export { FINAL_ANSWER_TOKEN, MAX_ITERATIONS_PROMPT, NO_BRAIN_ANSWER, buildReactSystemPrompt } from './react-prompt';
export { parseAction, extractFinalAnswer, extractJsonObject } from './react-parse';
