import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { engineIdOf } from '../../../shared/domain/persona';

/** The MCP fixture server (trip planning), run over stdio with tsx. */
const MCP_FIXTURE = new URL('../toolboxes/mcp/fixtures/fixture-stdio.ts', import.meta.url).pathname;

/** A persona of the native loop with the math toolbox on an OpenAI-compatible brain at `apiUrl`. */
export function calcPersona(
  apiUrl: string,
  { model = 'm', brain = 'ovos-chat-openai-plugin', toolboxes = ['ovos-math-tools'] } = {},
) {
  return {
    name: 'Calc',
    handlers: ['ovos-native-toolcall-loop'],
    'ovos-native-toolcall-loop': { brain, toolboxes, [brain]: { model, api_url: apiUrl } },
  };
}

/**
 * A persona ("Trips") whose toolbox is the MCP fixture server over stdio (a program on this machine, so its tools
 * ask for approval) on an OpenAI-compatible brain at `apiUrl`; `extra` adds top-level keys.
 */
export function mcpFixturePersona(apiUrl: string, extra: Record<string, unknown> = {}) {
  return {
    name: 'Trips',
    handlers: ['ovos-native-toolcall-loop'],
    'ovos-native-toolcall-loop': {
      brain: 'ovos-chat-openai-plugin',
      toolboxes: ['ovos-mcp-toolbox:fx'],
      'ovos-mcp-toolbox:fx': { command: process.execPath, args: ['--import', 'tsx', MCP_FIXTURE] },
      'ovos-chat-openai-plugin': { model: 'm', api_url: apiUrl },
    },
    ...extra,
  };
}

type Json = Record<string, Record<string, Record<string, unknown>>>;

/**
 * A persona of the repository's examples/ (`example`, e.g. `ovos/reflexion_persona.json`) written into `dir` with
 * only its brain's api_url changed (and `patch` merged into its engine block, when given); the new file's path.
 */
export async function exampleAt(
  example: string,
  apiUrl: string,
  dir: string,
  patch: Record<string, unknown> = {},
): Promise<string> {
  const json = JSON.parse(await readFile(new URL(`../../../examples/${example}`, import.meta.url), 'utf8')) as Json;
  const engineId = engineIdOf(json as { handlers?: string[]; solvers?: string[] })!;
  json[engineId]['ovos-chat-openai-plugin'].api_url = apiUrl;
  Object.assign(json[engineId], patch);
  const out = path.join(dir, path.basename(example));
  await writeFile(out, JSON.stringify(json, null, 2));
  return out;
}
