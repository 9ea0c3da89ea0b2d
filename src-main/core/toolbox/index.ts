/** The ToolBox contract (OVOS agent_tools), re-exported for plugins and the rest of core. */
export { defineTool, type AgentTool, type ToolCallContext } from './agent-tool';
export { ToolArguments, ToolOutput, toJsonSchema, validateWith, coerceLax, type ToolSchema } from './schema';
export { ToolBox, isToolBox, NEVER_ABORTED, type ProgramSpec, type ToolBoxClass, type ToolBoxOptions } from './toolbox';
export { toolsToOpenAISpec } from './openai-spec';
export { ToolInputError, ToolExecutionError } from './tool-errors';
export { ToolRegistry, qualifiedName, type RegisteredTool, type ToolExecution } from './tool-registry';
export { executeToolCall, type ExecuteOptions, type GatedExecution } from './execute-tool-call';
export type { GatedCall, GateDecision, GateOutcome, ToolGate } from './tool-gate';
export {
  feedImages,
  feedText,
  formatBytes,
  mediaStub,
  type FeedMedia,
  type FeedPart,
  type ModelFeed,
} from './model-feed';
export { canReadResources, type ResourceReader } from './resource-reader';
