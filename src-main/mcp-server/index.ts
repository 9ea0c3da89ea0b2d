/** Persona Studio's toolboxes as an MCP server (`persona-studio mcp`). */
export { createToolServer, listTools, type ToolServerOptions } from './tool-server';
export { serveStdio } from './serve-stdio';
export { approvalGate } from './approval-gate';
