import type { ToolJson } from '../../../shared/domain/tool';
import { toolSwitchKey } from '../../../shared/domain/tool-switches';
import { ToolRegistry } from '../../core/toolbox';
import type { Command } from '../index';
import { takeYes } from '../program-approval';
import {
  closeAll,
  instantiate,
  loadCatalog,
  personaToolboxes,
  takeOption,
  type LoadedToolbox,
} from './toolbox-instances';

const usage = `Usage: persona-studio tools [--persona <file.json|persona-id>] [--json] [--yes]

Lists every installed toolbox (built-in and plugins from $PERSONA_STUDIO_HOME/plugins) with its tools.
Toolboxes that need configuration (MCP, UTCP, bus) show no tools here.
  --persona <p>   the toolboxes of one persona instead, with its config (its MCP servers, UTCP manuals, bus)
  --json          print the OpenAI tool spec list the model would be sent ({"type":"function","function":{...}})
  --yes           start the persona's programs (MCP stdio servers) without asking; they are printed first.
                  Without it a program not approved before is asked for at a terminal, refused elsewhere.`;

const out = (text: string) => void process.stdout.write(`${text}\n`);
const err = (text: string) => void process.stderr.write(`${text}\n`);

/** `name(a: integer, b?: string)` from a tool's argument schema. */
export function signature(tool: ToolJson): string {
  const props = (tool.argument_schema.properties ?? {}) as Record<string, { type?: unknown; enum?: unknown[] }>;
  const required = new Set((tool.argument_schema.required as string[] | undefined) ?? []);
  const args = Object.entries(props).map(([name, p]) => {
    const type = p.enum
      ? p.enum.map((v) => JSON.stringify(v)).join('|')
      : Array.isArray(p.type)
        ? p.type.join('|')
        : (p.type ?? 'any');
    return `${name}${required.has(name) ? '' : '?'}: ${type}`;
  });
  return `${tool.name}(${args.join(', ')})`;
}

function printReadable(
  loaded: LoadedToolbox[],
  broken: { id: string; error: { message: string } }[],
  disabled: ReadonlySet<string> = new Set(),
): void {
  for (const l of loaded) {
    const tools = l.toolbox.toolJsonList;
    out(`${l.id}  ${l.title} [${l.source}]`);
    if (l.description) out(`  ${l.description}`);
    if (!tools.length) out(`  (no tools${l.toolbox.discoveryError ? `: ${l.toolbox.discoveryError.message}` : ''})`);
    for (const tool of tools) {
      const off = disabled.has(toolSwitchKey(l.toolbox.toolboxId, tool.name)) ? '  (turned off in this persona)' : '';
      out(`  - ${signature(tool)}${off}`);
      if (tool.description) out(`      ${tool.description}`);
    }
    out('');
  }
  if (broken.length) {
    out('Plugins that failed to load:');
    for (const b of broken) out(`  ${b.id}: ${b.error.message}`);
  }
}

async function run(args: string[]): Promise<number> {
  const persona = takeOption(args, '--persona');
  if (persona.missing) {
    err(`--persona needs a file or a persona id.\n${usage}`);
    return 2;
  }
  const { yes, rest } = takeYes(persona.rest);
  const json = rest.includes('--json');
  const unknown = rest.filter((a) => a !== '--json');
  if (unknown.length) {
    err(`Unexpected argument ${unknown[0]}.\n${usage}`);
    return 2;
  }
  if (persona.value) return runForPersona(persona.value, json, yes);
  const catalog = await loadCatalog();
  const loaded = await instantiate(catalog, Object.keys(catalog.toolboxes));
  try {
    if (json) {
      out(JSON.stringify(new ToolRegistry(loaded.map((l) => l.toolbox)).openaiTools(), null, 2));
      for (const b of catalog.errors) err(`plugin ${b.id}: ${b.error.message}`);
    } else {
      printReadable(loaded, catalog.errors);
    }
  } finally {
    await closeAll(loaded);
  }
  return 0;
}

/** A persona's toolboxes; --json gives the exact tool list its model is sent (clashing names as <toolbox>__<tool>). */
async function runForPersona(ref: string, json: boolean, yes: boolean): Promise<number> {
  const persona = await personaToolboxes(ref, { yes });
  try {
    if (json) out(JSON.stringify(persona.registry.openaiTools(), null, 2));
    else printReadable(persona.loaded, [], persona.registry.disabled);
  } finally {
    await persona.close();
  }
  return 0;
}

export const command: Command = {
  summary: 'list installed toolboxes and their tools (--json: OpenAI spec)',
  usage,
  run,
};
