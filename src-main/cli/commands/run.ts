import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { PersonaFile } from '../../../shared/domain/persona';
import { resolveDataDir } from '../../core/data-dir';
import { startRun } from '../../core/app/run-chat';
import { StudioError } from '../../core/errors';
import { buildPersonaRuntime } from '../../core/app/persona-runtime';
import { loadToolboxCatalog } from '../../core/toolboxes/catalog';
import type { Command } from '../index';
import { createRunPrinter } from './run-printer';
import { parseJsonSafe } from '../../../shared/json/safe-json';

const usage = `Usage: persona-studio run <persona.json> "<prompt>" [--json]

Runs an OVOS persona file headless on one prompt and prints the loop's trace: each assistant turn, its tool
calls with their arguments, each result or error, the answer as it streams, with timings and [iteration/max].
  --json   print the trace events as JSON lines instead (one TraceEvent per line)
Exit status: 0 with an answer, 1 when the run fails (e.g. the brain is unreachable), 2 on bad input,
130 when cancelled with Ctrl-C.`;

const out = (text: string) => void process.stdout.write(text);
const err = (text: string) => void process.stderr.write(text);

async function readPersona(file: string): Promise<PersonaFile> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw new StudioError('bad_input', `Cannot read persona file ${file}: ${(error as Error).message}`);
  }
  let json: unknown;
  try {
    json = parseJsonSafe(text);
  } catch (error) {
    throw new StudioError('persona_invalid', `${file} is not valid JSON: ${(error as Error).message}`);
  }
  const parsed = PersonaFile.safeParse(json);
  if (!parsed.success) {
    throw new StudioError(
      'persona_invalid',
      `${file} is not a valid persona: ${parsed.error.issues.map((i) => `${i.path.join('.') || '(file)'}: ${i.message}`).join('; ')}`,
    );
  }
  return parsed.data;
}

async function run(args: string[]): Promise<number> {
  const json = args.includes('--json');
  const positional = args.filter((a) => a !== '--json');
  const unknownFlag = positional.find((a) => a.startsWith('--'));
  if (positional.length !== 2 || unknownFlag || !positional[1].trim()) {
    err(`${unknownFlag ? `Unknown option ${unknownFlag}.\n` : ''}${usage}\n`);
    return 2;
  }
  const [file, prompt] = positional;
  let runtime;
  let persona: PersonaFile;
  try {
    persona = await readPersona(file);
    const { toolboxes } = await loadToolboxCatalog({ dataDir: resolveDataDir() });
    runtime = await buildPersonaRuntime(persona, { toolboxes });
  } catch (error) {
    err(`${error instanceof Error ? error.message : String(error)}\n`);
    return 2;
  }
  const onEvent = json ? (event: unknown) => out(`${JSON.stringify(event)}\n`) : createRunPrinter(out, err);
  const handle = startRun(runtime, {
    history: [],
    message: prompt,
    sessionId: `cli-${Date.now()}`,
    personaId: null,
    personaName: persona.name || path.basename(file, '.json'),
    onEvent,
  });
  const onSigint = () => handle.cancel('Interrupted (Ctrl-C).');
  process.once('SIGINT', onSigint);
  try {
    const outcome = await handle.done;
    return outcome.status === 'finished' ? 0 : outcome.status === 'failed' ? 1 : 130;
  } finally {
    process.off('SIGINT', onSigint);
    await runtime.close();
  }
}

export const command: Command = {
  summary: 'run a persona file on one prompt and print the loop trace',
  usage,
  run,
};
