import { MCPConfig } from '../../../../shared/plugins/toolboxes/mcp';
import { defineToolbox } from '../toolbox-descriptor';
import { MCPToolBox } from './mcp-toolbox';

/** The MCP toolbox (`ovos-mcp-toolbox`): tools from a Model Context Protocol server. */
export { MCPToolBox } from './mcp-toolbox';
export { MCPConfig } from './config';
export { mapMCPResult, mcpOutputSchema, type MCPToolResult } from './result';

/** The `ovos-mcp-toolbox` plugin. */
export const mcpToolbox = defineToolbox({
  id: MCPToolBox.defaultId,
  title: 'MCP server',
  description: 'Tools from a Model Context Protocol server, started over stdio or reached over HTTP.',
  config: MCPConfig,
  source: 'mcp',
  create: (options) => new MCPToolBox(options),
});
