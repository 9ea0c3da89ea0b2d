import { useCallback } from 'react';
import type { ToolResultEnv } from '../components/tool-result/result-context';
import type { OpenResource } from '../components/tool-result/ResourceBlocks';
import { useApp } from '../store/context';
import { findTool } from '../store/tools-slice';

/**
 * What a result view of a tool can use from the app, for any (toolbox, name) of the selected persona: the tool's
 * output schema (for the structured-content check) and, for an MCP toolbox, the Open of a resource, read through
 * that toolbox's server.
 */
export function useToolResultEnv(): (toolboxId: string | null, name: string) => ToolResultEnv {
  const toolboxes = useApp((s) => s.toolboxes);
  const client = useApp((s) => s.client);
  const personaId = useApp((s) => s.selectedId);
  const read = useCallback(
    (toolboxId: string): OpenResource =>
      async (uri) =>
        (await client.call('tools.readResource', { ...(personaId ? { personaId } : {}), toolboxId, uri })).contents,
    [client, personaId],
  );
  return useCallback(
    (toolboxId, name) => {
      const tool = findTool(toolboxes, toolboxId, name);
      const id = tool?.toolboxId ?? toolboxId;
      const mcp = !!id && toolboxes.find((t) => t.toolboxId === id)?.source === 'mcp';
      return { outputSchema: tool?.output_schema, onOpenResource: mcp ? read(id) : undefined };
    },
    [toolboxes, read],
  );
}
