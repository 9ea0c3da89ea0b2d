import path from 'node:path';
import type { PersonaFile } from '../../../shared/domain/persona';
import { resolveDataDir } from '../../core/data-dir';
import { startRun } from '../../core/app/run-chat';
import { buildPersonaRuntime } from '../../core/app/persona-runtime';
import { readPersonaRef } from '../../core/personas/persona-ref';
import { loadToolboxClasses } from '../../core/toolboxes/catalog';
import type { Command } from '../index';
import { approvePersonaPrograms, takeYes } from '../program-approval';
import { createRunPrinter } from './run-printer';

const usage = `Usage: persona-studio run <persona.json|persona-id> "<prompt>" [--json] [--yes]

Runs an OVOS persona (a file, or an id in $PERSONA_STUDIO_HOME/personas) headless on one prompt and prints the loop's trace: each assistant turn, its tool
calls with their arguments, each result or error, the answer as it streams, with timings and [iteration/max].
  --json   print the trace events as JSON lines instead (one TraceEvent per line)
  --yes    start the persona's programs (MCP stdio servers, printed first) without asking; without it a
           program not approved before is asked for at a terminal and refused elsewhere
Exit status: 0 with an answer, 1 when the run fails (e.g. the brain is unreachable), 2 on bad input,
130 when cancelled with Ctrl-C.`;

const out = (text: string) => void process.stdout.write(text);
const err = (text: string) => void process.stderr.write(text);

async function run(args: string[]): Promise<number> {
  const { yes, rest } = takeYes(args);
  const json = rest.includes('--json');
  const positional = rest.filter((a) => a !== '--json');
  const unknownFlag = positional.find((a) => a.startsWith('--'));
  if (positional.length !== 2 || unknownFlag || !positional[1].trim()) {
    err(`${unknownFlag ? `Unknown option ${unknownFlag}.\n` : ''}${usage}\n`);
    return 2;
  }
  const [file, prompt] = positional;
  let runtime;
  let persona: PersonaFile;
  try {
    const dataDir = resolveDataDir();
    persona = await readPersonaRef(file, dataDir);
    const { classes } = await loadToolboxClasses({ dataDir });
    const programs = await approvePersonaPrograms(file, { dataDir, classes, yes });
    runtime = await buildPersonaRuntime(persona, { toolboxClasses: classes, programs });
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
