import type { ToolBox } from '../../toolbox';
import { headlessHost } from './client-host';
import { MCPToolBox } from './mcp-toolbox';

/**
 * Headless (the command line): lets the persona's brain answer the sampling requests of its MCP servers without
 * asking (`--allow-sampling`); elicitation stays declined, with its message. Other toolboxes are left alone.
 */
export function allowSampling(toolboxes: ToolBox[]): void {
  for (const tb of toolboxes) if (tb instanceof MCPToolBox) tb.setHost(headlessHost({ allowSampling: true }));
}
