import type { ToolBox } from '../toolbox';
import { MCPToolBox } from '../toolboxes/mcp';
import type { AppContext } from './app-context';

/**
 * Connects a persona's MCP toolbox to the window: its server's requests go to the app's request broker (a dialog
 * answers them) and its log entries are pushed as 'mcp.log'. Other toolboxes are left alone. Returns the undo.
 */
export function attachMcp(app: AppContext, toolbox: ToolBox, personaId: string | null): () => void {
  if (!(toolbox instanceof MCPToolBox)) return () => undefined;
  toolbox.setHost(app.mcpRequests.hostFor(personaId, toolbox.toolboxId));
  return toolbox.log.onEntry((entry) => app.emit('mcp.log', { personaId, toolboxId: toolbox.toolboxId, entry }));
}
