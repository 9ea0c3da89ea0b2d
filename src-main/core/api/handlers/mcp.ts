import { ApprovalRequiredError, AwaitingApprovalToolBox } from '../../approvals/awaiting-approval';
import { StudioError } from '../../errors';
import { MCPToolBox } from '../../toolboxes/mcp';
import { causeMessage } from '../../toolbox/tool-errors';
import type { AppContext } from '../../app/app-context';
import type { Handlers } from '../dispatch';
import { scope } from './toolboxes';

/** The MCP toolbox of a scope; one awaiting approval says so, another kind of toolbox is `bad_input`. */
async function mcpToolbox(app: AppContext, personaId: string | undefined, toolboxId: string): Promise<MCPToolBox> {
  const { toolboxes } = await scope(app, personaId);
  const toolbox = toolboxes.find((tb) => tb.toolboxId === toolboxId);
  if (!toolbox)
    throw new StudioError('not_found', `No toolbox '${toolboxId}'${personaId ? ` in persona '${personaId}'` : ''}.`);
  if (toolbox instanceof AwaitingApprovalToolBox) throw new ApprovalRequiredError(toolbox.pending);
  if (!(toolbox instanceof MCPToolBox))
    throw new StudioError('bad_input', `Toolbox '${toolboxId}' is not an MCP server.`);
  return toolbox;
}

/** A failed MCP request as `toolbox_unavailable`, its message naming the server and what it could not do. */
async function asked<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    if (error instanceof StudioError) throw error;
    throw new StudioError('toolbox_unavailable', causeMessage(error), undefined, { cause: error });
  }
}

/** MCP beyond tools: resources, templates, prompts, the server's log, and the requests it makes of the user. */
export function mcpHandlers(
  app: AppContext,
): Pick<
  Handlers,
  | 'mcp.resources'
  | 'mcp.readResource'
  | 'mcp.prompts'
  | 'mcp.getPrompt'
  | 'mcp.log'
  | 'mcp.setLogLevel'
  | 'mcp.pending'
  | 'mcp.respond'
> {
  return {
    'mcp.resources': async ({ personaId, toolboxId }) =>
      asked(async () => (await mcpToolbox(app, personaId, toolboxId)).listResources()),
    'mcp.readResource': async (input) =>
      asked(async () => {
        const tb = await mcpToolbox(app, input.personaId, input.toolboxId);
        return tb.readResource('uri' in input ? { uri: input.uri } : input);
      }),
    'mcp.prompts': async ({ personaId, toolboxId }) =>
      asked(async () => ({ prompts: await (await mcpToolbox(app, personaId, toolboxId)).listPrompts() })),
    'mcp.getPrompt': async ({ personaId, toolboxId, name, arguments: args }) =>
      asked(async () => (await mcpToolbox(app, personaId, toolboxId)).getPrompt(name, args)),
    'mcp.log': async ({ personaId, toolboxId }) => {
      const tb = await mcpToolbox(app, personaId, toolboxId);
      const logging = await tb.features().then(
        (f) => f.logging,
        () => false,
      );
      return { entries: tb.log.list(), logging };
    },
    'mcp.setLogLevel': async ({ personaId, toolboxId, level }) =>
      asked(async () => {
        await (await mcpToolbox(app, personaId, toolboxId)).setLogLevel(level);
        return { level };
      }),
    'mcp.pending': async () => ({ requests: app.mcpRequests.list() }),
    'mcp.respond': async ({ requestId, ...response }) => {
      app.mcpRequests.respond(requestId, response);
      return { settled: true as const };
    },
  };
}
