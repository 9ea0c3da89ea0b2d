import { APP_BLOCK_KEY, type ApprovalMode, PersonaStudioBlock } from './persona';

/**
 * Whether a toolbox instance runs a program on this machine: an MCP server over stdio (`command`). Such
 * toolboxes default to `ask` until the persona says otherwise. Shell and filesystem toolboxes join this list
 * when they exist.
 */
export function runsPrograms(toolboxId: string, config: Record<string, unknown>): boolean {
  const pluginId = toolboxId.includes(':') ? toolboxId.slice(0, toolboxId.indexOf(':')) : toolboxId;
  if (pluginId === 'ovos-mcp-toolbox')
    return (config.transport === undefined || config.transport === 'stdio') && typeof config.command === 'string';
  return false;
}

/** The persona's `persona_studio` block, or an empty one when it is missing or malformed. */
export function appBlockOf(persona: Record<string, unknown>): PersonaStudioBlock {
  const parsed = PersonaStudioBlock.safeParse(persona[APP_BLOCK_KEY] ?? {});
  return parsed.success ? parsed.data : {};
}

/**
 * A tool's approval in a persona: the tool's own entry, else its toolbox's `mode`, else `ask` for toolboxes
 * that run programs and `auto` for the rest. `tool` is the toolbox's own name for it (not a clash-renamed one).
 */
export function approvalFor(
  persona: Record<string, unknown>,
  toolboxId: string,
  tool: string,
  toolboxConfig: Record<string, unknown>,
): ApprovalMode {
  const entry = appBlockOf(persona).approval?.[toolboxId];
  return entry?.tools?.[tool] ?? entry?.mode ?? (runsPrograms(toolboxId, toolboxConfig) ? 'ask' : 'auto');
}
