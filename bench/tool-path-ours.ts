/** What tool-path.bench.ts measures of ours, imported through as-built.ts (bundled as the app ships it). */
export { Message } from '../src-main/core/bus/message';
export { WebSocketBus } from '../src-main/core/bus/ws-bus-client';
export { startBusServer } from '../src-main/core/bus/ws-bus-server';
export { executeToolCall, ToolRegistry } from '../src-main/core/toolbox';
export { MCPToolBox } from '../src-main/core/toolboxes/mcp';
