import { engineBlockOf, type PersonaFile } from '../../../shared/domain/persona';

const MCP = 'ovos-mcp-toolbox';

/**
 * The command lines a persona starts on this machine when its tools load: its stdio MCP servers.
 * Import names them so a persona from elsewhere cannot run a program unnoticed.
 */
export function personaCommands(persona: PersonaFile): string[] {
  const engine = engineBlockOf(persona);
  if (!engine) return [];
  const ids = Array.isArray(engine.toolboxes)
    ? engine.toolboxes.filter((id): id is string => typeof id === 'string')
    : [];
  const commands: string[] = [];
  for (const id of ids) {
    if (id !== MCP && !id.startsWith(`${MCP}:`)) continue;
    const config = (engine[id] ?? {}) as Record<string, unknown>;
    const transport = config.transport ?? 'stdio';
    if (transport !== 'stdio' || typeof config.command !== 'string' || !config.command) continue;
    const args = Array.isArray(config.args) ? config.args.map(String) : [];
    commands.push([config.command, ...args].join(' '));
  }
  return commands;
}
