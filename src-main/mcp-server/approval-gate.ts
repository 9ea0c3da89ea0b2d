import type { ApprovalMode } from '../../shared/domain/persona';
import type { ToolGate } from '../core/toolbox';

/**
 * The gate of `persona-studio mcp`: nobody is there to approve a call, so a tool whose approval is `ask` is
 * refused with `approval_required` and a message saying how to allow it; every other call runs as asked.
 */
export function approvalGate(approval: (toolboxId: string, tool: string) => ApprovalMode): ToolGate {
  return {
    before: (call) => {
      if (call.toolboxId && call.toolName && approval(call.toolboxId, call.toolName) === 'ask') {
        return {
          kind: 'deny',
          code: 'approval_required',
          message: `tool '${call.modelName}' needs the user's approval (its toolbox '${call.toolboxId}' runs a program or writes files, or the persona says 'ask'), and an MCP client cannot give it here. To serve it, set its approval to 'auto' in the persona's persona_studio block.`,
        };
      }
      return { kind: 'run', arguments: call.arguments };
    },
  };
}
