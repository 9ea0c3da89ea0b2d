/** The MCP toolbox (`ovos-mcp-toolbox`): tools from a Model Context Protocol server. */
export { MCPToolBox } from './mcp-toolbox';
export { MCPConfig, MCP_CONFIG_SCHEMA } from './config';
export { mapMCPResult, mcpOutputSchema, type MCPToolResult } from './result';
