import { format } from 'node:util';
import { resolveDataDir } from '../../core/data-dir';
import { loadToolboxSet } from '../../core/app/toolbox-set';
import { approvalGate, createToolServer, serveStdio } from '../../mcp-server';
import { loadToolboxCatalog } from '../../core/toolboxes/catalog';
import type { Command } from '../index';
import { approvePersonaPrograms, ProgramsNotApprovedError } from '../program-approval';

const usage = `Usage: persona-studio mcp [--persona <file.json|persona-id>] [--yes]

Serves toolboxes as an MCP server over stdio, for Claude Desktop, MCP Inspector or any MCP client:
a persona's toolboxes with --persona (a persona file, or an id in $PERSONA_STUDIO_HOME/personas),
else every installed toolbox with its default config. Tool schemas are the tools' JSON Schemas;
failures come back as isError results with the message. Logs go to stderr; stdout carries only MCP.
The persona's programs (MCP stdio servers) are printed on stderr; one not approved before (in the app, or by
answering y at a terminal) starts only with --yes (an MCP client gives no terminal).

  Claude Desktop (claude_desktop_config.json):
    {"mcpServers": {"persona-studio": {"command": "node",
      "args": ["/path/to/persona-studio/bin/persona-studio.js", "mcp", "--persona", "assistant"]}}}
  MCP Inspector:
    npx @modelcontextprotocol/inspector node /path/to/persona-studio/bin/persona-studio.js mcp`;

const err = (text: string) => void process.stderr.write(`${text}\n`);

async function run(args: string[]): Promise<number> {
  let persona: string | undefined;
  let yes = false;
  for (let i = 0; i < args.length; i++) {
    if (args[i] === '--yes') yes = true;
    else if (args[i] === '--persona' && args[i + 1] && !args[i + 1].startsWith('--')) persona = args[++i];
    else {
      err(
        `${args[i] === '--persona' ? '--persona needs a file or a persona id.' : `Unexpected argument ${args[i]}.`}\n\n${usage}`,
      );
      return 2;
    }
  }
  // Libraries that print to stdout (the UTCP client does) would corrupt the protocol stream.
  for (const level of ['log', 'info', 'debug', 'warn'] as const)
    console[level] = (...parts: unknown[]) => err(format(...parts));

  let served;
  try {
    const dataDir = resolveDataDir();
    const catalog = await loadToolboxCatalog({ dataDir });
    const programs = persona
      ? await approvePersonaPrograms(persona, { dataDir, classes: catalog.toolboxes, yes })
      : new Set<string>();
    served = await loadToolboxSet({ persona, dataDir, catalog, programs });
  } catch (error) {
    err(`persona-studio mcp: ${(error as Error).message}`);
    return error instanceof ProgramsNotApprovedError ? 2 : 1;
  }
  for (const tb of served.registry.toolboxes) {
    if (tb.discoveryError) err(`toolbox '${tb.toolboxId}' has no tools: ${tb.discoveryError.message}`);
  }
  err(
    `persona-studio mcp: serving ${served.registry.entries().length} tools from ${served.registry.toolboxes.length} toolboxes over stdio`,
  );
  const server = createToolServer(served.registry, {
    name: served.name,
    timeoutMs: served.timeoutMs,
    gate: approvalGate(served.approval),
  });
  const stop = () => void server.close();
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  try {
    await serveStdio(server);
  } finally {
    process.off('SIGINT', stop);
    process.off('SIGTERM', stop);
    await served.close();
  }
  return 0;
}

export const command: Command = {
  summary: 'serve toolboxes as an MCP server over stdio (--persona <file|id>)',
  usage,
  run,
};
