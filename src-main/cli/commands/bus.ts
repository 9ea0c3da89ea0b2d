import { WebSocketBus } from '../../core/bus/ws-bus-client';
import { firstEvent } from '../../core/first-event';
import { startBusServer, type BusServer } from '../../core/bus/ws-bus-server';
import type { Command } from '../index';
import { resolveDataDir } from '../../core/data-dir';
import { approveConfigPrograms, takeYes } from '../program-approval';
import {
  closeAll,
  instantiate,
  loadCatalog,
  readConfigFile,
  takeOption,
  type LoadedToolbox,
} from './toolbox-instances';

const usage = `Usage: persona-studio bus [--port 8181] [--connect <url>] [--config <file.json>]

Hosts an OVOS messagebus on ws://127.0.0.1:<port>/core (port 0 picks a free one), or joins the bus at
--connect (e.g. ws://127.0.0.1:8181/core), and binds every installed toolbox that has tools to it: OVOS
agents discover them with 'ovos.persona.tools.discover' and call them with 'ovos.persona.tools.<id>.call'.
  --config <file>   a JSON object {"<toolbox_id>": {...}} with toolbox configs (e.g. an MCP server to expose)
  --yes             start the programs the config names (MCP stdio servers, printed first) without asking
The bus refuses browser pages from other sites (Origin and Host checks). Set PERSONA_STUDIO_BUS_SECRET_KEY (16,
24 or 32 characters, OVOS's websocket.secret_key) to encrypt every message; clients then need the same key.
Runs until Ctrl-C (SIGINT) or SIGTERM.`;

const out = (text: string) => void process.stdout.write(`${text}\n`);
const err = (text: string) => void process.stderr.write(`${text}\n`);

async function run(args: string[]): Promise<number> {
  const { yes, rest: argv } = takeYes(args);
  const port = takeOption(argv, '--port');
  const connect = takeOption(port.rest, '--connect');
  const config = takeOption(connect.rest, '--config');
  const missing = [port, connect, config].findIndex((o) => o.missing);
  if (missing >= 0 || config.rest.length) {
    err(
      `${missing >= 0 ? `${['--port', '--connect', '--config'][missing]} needs a value.` : `Unexpected argument ${config.rest[0]}.`}\n${usage}`,
    );
    return 2;
  }
  const portNumber = port.value === undefined ? 8181 : Number(port.value);
  if (!Number.isInteger(portNumber) || portNumber < 0 || portNumber > 65535) {
    err(`--port must be a port number (0-65535), not '${port.value}'.`);
    return 2;
  }
  if (port.value !== undefined && connect.value) {
    err('Use either --port (host a bus) or --connect (join one), not both.');
    return 2;
  }

  const configs = await readConfigFile(config.value);
  const secretKey = process.env.PERSONA_STUDIO_BUS_SECRET_KEY || undefined;

  let server: BusServer | null = null;
  let bus: WebSocketBus | null = null;
  let loaded: LoadedToolbox[] = [];
  const shutdown = async () => {
    await closeAll(loaded);
    await bus?.close();
    await server?.close();
  };
  try {
    let url = connect.value;
    if (!url) {
      server = await startBusServer({ port: portNumber, secretKey });
      url = server.url;
    }
    bus = new WebSocketBus(url, { secretKey });
    await bus.connect();
    const catalog = await loadCatalog();
    for (const b of catalog.errors) err(`plugin ${b.id} not loaded: ${b.error.message}`);
    // Bus toolboxes here ask the bus this command hosts or joins, not OVOS's default address.
    const withUrl = { ...configs };
    for (const id of Object.keys(catalog.toolboxes))
      if (id === 'ovos-bus-toolbox' || id.startsWith('ovos-bus-toolbox:')) withUrl[id] = { url, ...configs[id] };
    const programs = await approveConfigPrograms(config.value, configs, {
      dataDir: resolveDataDir(),
      classes: catalog.toolboxes,
      yes,
    });
    loaded = await instantiate(catalog, Object.keys(catalog.toolboxes), withUrl, programs);
    for (const l of loaded) {
      if (l.toolbox.tools.size) {
        l.toolbox.bind(bus);
        out(
          `bound ${l.id} (${l.toolbox.tools.size} tool${l.toolbox.tools.size === 1 ? '' : 's'}: ${[...l.toolbox.tools.keys()].join(', ')})`,
        );
      } else {
        out(`skipped ${l.id}: no tools${l.toolbox.discoveryError ? ` (${l.toolbox.discoveryError.message})` : ''}`);
      }
    }
    out(server ? `OVOS bus at ${url}` : `Joined the OVOS bus at ${url}`);
  } catch (error) {
    const inUse = error instanceof Error && /EADDRINUSE/.test(error.message);
    err(
      inUse
        ? `Port ${portNumber} is in use: is an OVOS bus already running? Join it with --connect ws://127.0.0.1:${portNumber}/core, or pick another --port.`
        : (error as Error).message,
    );
    await shutdown();
    return inUse ? 1 : 2;
  }

  await firstEvent(process, ['SIGINT', 'SIGTERM']);
  out('Stopping.');
  await shutdown();
  return 0;
}

export const command: Command = {
  summary: 'host or join an OVOS messagebus and serve every installed toolbox on it',
  usage,
  run,
};
