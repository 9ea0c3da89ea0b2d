import { APP_BLOCK_KEY, type ApprovalMode, PersonaStudioBlock } from './persona';

const pluginIdOf = (toolboxId: string) =>
  toolboxId.includes(':') ? toolboxId.slice(0, toolboxId.indexOf(':')) : toolboxId;

/**
 * Whether a toolbox instance runs a program on this machine: an MCP server over stdio (`command`), or OVOS's
 * shell toolbox. Such toolboxes default to `ask` until the persona says otherwise.
 */
export function runsPrograms(toolboxId: string, config: Record<string, unknown>): boolean {
  const pluginId = pluginIdOf(toolboxId);
  if (pluginId === 'ovos-mcp-toolbox')
    return (config.transport === undefined || config.transport === 'stdio') && typeof config.command === 'string';
  return pluginId === 'ovos-shell-tools';
}

/** Tools that change the user's files: OVOS's filesystem `write_file`. They default to `ask` too. */
export function writesFiles(toolboxId: string, tool: string): boolean {
  return pluginIdOf(toolboxId) === 'ovos-filesystem-tools' && tool === 'write_file';
}

/** The persona's `persona_studio` block, or an empty one when it is missing or malformed. */
export function appBlockOf(persona: Record<string, unknown>): PersonaStudioBlock {
  const parsed = PersonaStudioBlock.safeParse(persona[APP_BLOCK_KEY] ?? {});
  return parsed.success ? parsed.data : {};
}

/**
 * A tool's approval in a persona: the tool's own entry, else its toolbox's `mode`, else `ask` for toolboxes
 * that run programs and for tools that write files, and `auto` for the rest. `tool` is the toolbox's own name for it (not a clash-renamed one).
 */
export function approvalFor(
  persona: Record<string, unknown>,
  toolboxId: string,
  tool: string,
  toolboxConfig: Record<string, unknown>,
): ApprovalMode {
  const entry = appBlockOf(persona).approval?.[toolboxId];
  const asks = runsPrograms(toolboxId, toolboxConfig) || writesFiles(toolboxId, tool);
  return entry?.tools?.[tool] ?? entry?.mode ?? (asks ? 'ask' : 'auto');
}
