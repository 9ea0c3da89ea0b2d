import { MCPConfig } from '../../../../shared/plugins/toolboxes/mcp';
import { parseToolboxConfig } from '../parse-config';

export { MCPConfig };

/** Parses a config block; the error names the bad keys, so the toolbox can show it as its discovery error. */
export function parseMCPConfig(raw: Record<string, unknown>): MCPConfig {
  const config = parseToolboxConfig(MCPConfig, raw, 'Invalid MCP toolbox config');
  if (config.transport === 'stdio' && !config.command)
    throw new Error("Invalid MCP toolbox config: transport 'stdio' needs a 'command'.");
  if (config.transport !== 'stdio') {
    if (!config.url) throw new Error(`Invalid MCP toolbox config: transport '${config.transport}' needs a 'url'.`);
    try {
      new URL(config.url);
    } catch {
      throw new Error(`Invalid MCP toolbox config: '${config.url}' is not a URL.`);
    }
  }
  return config;
}

/** How the server is named in messages: its command line or its URL. */
export function serverLabel(config: MCPConfig): string {
  if (config.transport === 'stdio') {
    const line = [config.command ?? '', ...config.args].join(' ');
    // Long lines lose their middle: the program and the script's own name both stay readable.
    return line.length > 80 ? `${line.slice(0, 30)}…${line.slice(-49)}` : line;
  }
  return config.url ?? '';
}
