import { StudioError, toErrorValue } from '../../core/errors';
import type { Command } from '../index';
import { resolveDataDir } from '../../core/data-dir';
import { approveConfigPrograms, takeYes } from '../program-approval';
import { executeToolCall } from '../../core/toolbox';
import { closeAll, instantiate, loadCatalog, personaToolboxes, readConfigFile, takeOption } from './toolbox-instances';
import { parseJsonSafe } from '../../../shared/json/safe-json';

const usage = `Usage: persona-studio call <toolbox_id> <tool> ['<json arguments>'] [--config <file.json>]
       persona-studio call --persona <file.json|persona-id> [<toolbox_id>] <tool> ['<json arguments>']

Calls one tool with OVOS's validation (input, execution, output) and prints the validated output as JSON.
  --config <file>   a JSON object {"<toolbox_id>": {...}} with the toolbox's config (e.g. an MCP server)
  --yes             start the programs it names (MCP stdio servers, printed first) without asking
  --persona <p>     call a tool of that persona (its MCP, UTCP and bus toolboxes with their config);
                    without <toolbox_id> the tool is found by the name its model sees, as in a run
Exit status: 0 with the output on stdout; 2 with the error (and its validation issues) on stderr.
Example: persona-studio call ovos-math-tools evaluate_expression '{"expression": "12*9"}'`;

const out = (text: string) => void process.stdout.write(`${text}\n`);
const err = (text: string) => void process.stderr.write(`${text}\n`);

/** The error as the CLI shows it: the OVOS message, then each validation issue or the cause. */
export function describeError(error: unknown): string {
  const value = toErrorValue(error);
  const details = value.details as
    { issues?: { path: (string | number)[]; message: string }[]; cause?: string } | undefined;
  const lines = [value.message];
  for (const issue of details?.issues ?? []) lines.push(`  ${issue.path.join('.') || '(arguments)'}: ${issue.message}`);
  if (details?.cause && !details.issues?.length) lines.push(`  cause: ${details.cause}`);
  return lines.join('\n');
}

const INVALID = Symbol('invalid');

/** The tool's arguments from the command line; says what is wrong (and returns INVALID) when they are not JSON. */
function parseArguments(raw: string): unknown {
  try {
    return parseJsonSafe(raw);
  } catch (error) {
    err(
      `The arguments are not valid JSON (${(error as Error).message}): ${raw}\nPass one JSON object, e.g. '{"expression": "12*9"}'.`,
    );
    return INVALID;
  }
}

/** The installed toolboxes (started with no config, as `tools` lists them) that have a tool of this name. */
async function toolboxesWithTool(catalog: Awaited<ReturnType<typeof loadCatalog>>, name: string): Promise<string[]> {
  const loaded = await instantiate(catalog, Object.keys(catalog.toolboxes));
  try {
    return loaded.filter((l) => l.toolbox.toolJsonList.some((t) => t.name === name)).map((l) => l.id);
  } finally {
    await closeAll(loaded);
  }
}

async function run(args: string[]): Promise<number> {
  const { yes, rest: argv } = takeYes(args);
  const config = takeOption(argv, '--config');
  if (config.missing) {
    err(`--config needs a file.\n${usage}`);
    return 2;
  }
  const persona = takeOption(config.rest, '--persona');
  if (persona.missing) {
    err(`--persona needs a file or a persona id.\n${usage}`);
    return 2;
  }
  if (persona.value) return callInPersona(persona.value, persona.rest, yes);
  const [toolboxId, toolName, rawArgs = '{}', ...extra] = config.rest;
  if (!toolboxId || !toolName || extra.length) {
    err(usage);
    return 2;
  }
  const kwargs = parseArguments(rawArgs);
  if (kwargs === INVALID) return 2;
  const configs = await readConfigFile(config.value);
  const catalog = await loadCatalog();
  if (!catalog.toolboxes[toolboxId]) {
    const broken = catalog.errors.find((e) => e.id === toolboxId);
    if (broken) err(`Toolbox '${toolboxId}' failed to load: ${broken.error.message}`);
    else {
      const owners = await toolboxesWithTool(catalog, toolboxId);
      const example = toolName.trim().startsWith('{') ? ` '${toolName}'` : " '<json arguments>'";
      const hint = owners.length
        ? ` '${toolboxId}' is a tool of ${owners.join(', ')}: persona-studio call ${owners[0]} ${toolboxId}${example}`
        : '';
      err(`Unknown toolbox '${toolboxId}'.${hint}\nInstalled: ${Object.keys(catalog.toolboxes).join(', ')}.`);
    }
    return 2;
  }
  const programs = await approveConfigPrograms(
    config.value,
    { [toolboxId]: configs[toolboxId] ?? {} },
    { dataDir: resolveDataDir(), classes: catalog.toolboxes, yes },
  );
  const loaded = await instantiate(catalog, [toolboxId], configs, programs);
  try {
    const result = await loaded[0].toolbox.callTool(toolName, kwargs);
    out(JSON.stringify(result));
    return 0;
  } catch (error) {
    err(describeError(error));
    return 2;
  } finally {
    await closeAll(loaded);
  }
}

/** `[<toolbox_id>] <tool> ['<json>']` against a persona's toolboxes; without a toolbox id, through the loop's own path. */
async function callInPersona(ref: string, positional: string[], yes: boolean): Promise<number> {
  if (positional.length < 1 || positional.length > 3) {
    err(usage);
    return 2;
  }
  const persona = await personaToolboxes(ref, { yes });
  try {
    const toolbox =
      positional.length === 3 || (positional.length === 2 && !positional[1].trim().startsWith('{'))
        ? persona.registry.find(positional[0])
        : null;
    if ((positional.length === 3 || toolbox) && !toolbox) {
      err(
        `The persona has no toolbox '${positional[0]}'. Its toolboxes: ${persona.registry.toolboxes.map((t) => t.toolboxId).join(', ') || 'none'}.`,
      );
      return 2;
    }
    const [toolName, rawArgs = '{}'] = toolbox ? positional.slice(1) : positional;
    const kwargs = parseArguments(rawArgs);
    if (kwargs === INVALID) return 2;
    if (toolbox) {
      out(JSON.stringify(await toolbox.callTool(toolName, kwargs)));
      return 0;
    }
    const run = await executeToolCall(persona.registry, toolName, kwargs);
    if (run.ok) {
      out(JSON.stringify(run.result));
      return 0;
    }
    err(describeError(new StudioError(run.error.code, run.error.message, run.error.details)));
    return 2;
  } catch (error) {
    err(describeError(error));
    return 2;
  } finally {
    await persona.close();
  }
}

export const command: Command = {
  summary: 'call one tool with JSON arguments and print its validated output',
  usage,
  run,
};
