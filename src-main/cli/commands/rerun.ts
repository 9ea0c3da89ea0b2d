import { Breakpoints } from '../../../shared/domain/debug';
import { RerunTarget } from '../../../shared/domain/time-travel';
import type { TraceEvent } from '../../../shared/domain/trace';
import { DebugSession } from '../../core/app/debug-session';
import { buildPersonaRuntime } from '../../core/app/persona-runtime';
import { rerunSession, userTurns, withTarget } from '../../core/app/rerun-session';
import { dataPaths, resolveDataDir } from '../../core/data-dir';
import { isPersonaPath, readPersonaRef, readPersonaVersion } from '../../core/personas/persona-ref';
import { newSessionId, SessionStore } from '../../core/sessions';
import { loadToolboxCatalog } from '../../core/toolboxes/catalog';
import { CliInputError } from '../cli-input-error';
import type { Command } from '../index';
import { approveProgramsOf } from '../program-approval';
import { createRunPrinter } from './run-printer';
import { loadSessionRef } from './session-ref';

const usage = `Usage: persona-studio rerun <session> [--persona <file|id>] [--version V] [--model M] [--brain B] [--engine E]
                          [--tools live|recorded] [--on-miss live|fail] [--json] [--approve] [--yes]

Sends a recorded session's user turns again, in order (a session id of $PERSONA_STUDIO_HOME/sessions, or a
session .jsonl file), against the session's persona or --persona, with its brain, model or loop engine changed,
and prints the trace as 'run' does. The new session is saved in the data folder (its id is printed on stderr),
so 'persona-studio diff <session> <new>' compares the two.
  --version V        run a kept version of the persona (its id, or a unique prefix of 6+ digits)
  --tools recorded   answer tool calls from the recording when name and arguments match (default: live)
  --on-miss fail     with recorded tools, a call the recording lacks fails as "no recorded result"
                     (default: live, it runs)
  --json             the trace events as JSON lines
  --approve          run tools whose approval is 'ask' (else they are refused: there is nobody to ask)
  --yes              start the persona's programs (MCP stdio servers) without asking
Exit status: 0 when every turn answered, 1 when one failed, 2 on bad input, 130 when cancelled (Ctrl-C).`;

const NO_BREAKPOINTS = Breakpoints.parse({});

interface Options {
  session: string;
  persona?: string;
  version?: string;
  model?: string;
  brain?: string;
  engine?: string;
  tools: string;
  onMiss: string;
  json: boolean;
  approve: boolean;
  yes: boolean;
}

function parseArgs(args: string[]): Options {
  const values: Record<string, string> = {};
  const flags = new Set<string>();
  const positional: string[] = [];
  const valued = ['--persona', '--version', '--model', '--brain', '--engine', '--tools', '--on-miss'];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    const [name, inline] = arg.includes('=')
      ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)]
      : [arg];
    if (valued.includes(name)) {
      const value = inline ?? args[++i];
      if (!value || value.startsWith('--')) throw new CliInputError(`${name} needs a value.\n${usage}`);
      values[name] = value;
    } else if (['--json', '--approve', '--yes'].includes(arg)) flags.add(arg);
    else if (arg.startsWith('--')) throw new CliInputError(`Unknown option ${arg}.\n${usage}`);
    else positional.push(arg);
  }
  if (positional.length !== 1) throw new CliInputError(usage);
  return {
    session: positional[0],
    persona: values['--persona'],
    version: values['--version'],
    model: values['--model'],
    brain: values['--brain'],
    engine: values['--engine'],
    tools: values['--tools'] ?? 'live',
    onMiss: values['--on-miss'] ?? 'live',
    json: flags.has('--json'),
    approve: flags.has('--approve'),
    yes: flags.has('--yes'),
  };
}

/** `persona-studio rerun`, its output injectable. */
export async function rerunCommand(
  args: string[],
  io: { out: (t: string) => void; err: (t: string) => void } = {
    out: (t) => void process.stdout.write(t),
    err: (t) => void process.stderr.write(t),
  },
): Promise<number> {
  const options = parseArgs(args);
  const parsed = RerunTarget.safeParse({
    ...(options.model ? { model: options.model } : {}),
    ...(options.brain ? { brain: options.brain } : {}),
    ...(options.engine ? { engine: options.engine } : {}),
    tools: options.tools,
    onMiss: options.onMiss,
  });
  if (!parsed.success) throw new CliInputError(`--tools is live or recorded, --on-miss is live or fail.\n${usage}`);
  const target = parsed.data;
  const dataDir = resolveDataDir();
  const source = await loadSessionRef(options.session, dataDir);
  if (!userTurns(source.events).length) throw new CliInputError(`Session ${options.session} has no user message.`);
  const ref = options.persona ?? source.personaId;
  if (!ref)
    throw new CliInputError(`Session ${options.session} does not say which persona it ran with: pass --persona.`);
  let runtime;
  let personaName: string;
  try {
    const base = options.version
      ? await readPersonaVersion(ref, options.version, dataDir)
      : await readPersonaRef(ref, dataDir);
    const persona = withTarget(base, target);
    personaName = persona.name;
    const { toolboxes } = await loadToolboxCatalog({ dataDir });
    const programs = await approveProgramsOf(persona, ref, { dataDir, classes: toolboxes, yes: options.yes });
    runtime = await buildPersonaRuntime(persona, { toolboxes, programs });
  } catch (error) {
    throw new CliInputError(error instanceof Error ? error.message : String(error));
  }
  const store = new SessionStore(dataPaths(dataDir).sessions);
  const sessionId = newSessionId();
  await store.writeMeta(sessionId, { origin: { kind: 'rerun', sessionId: source.sessionId, target } });
  const print = options.json ? (e: TraceEvent) => io.out(`${JSON.stringify(e)}\n`) : createRunPrinter(io.out, io.err);
  const approval = runtime.approval;
  let current: { cancel(reason?: string): void } | null = null;
  const onSigint = () => current?.cancel('Interrupted (Ctrl-C).');
  process.once('SIGINT', onSigint);
  try {
    const outcomes = await rerunSession(runtime, {
      source: source.events,
      target,
      sessionId,
      personaId: options.persona ? (isPersonaPath(options.persona) ? null : options.persona) : source.personaId,
      personaName,
      onEvent: (e) => {
        void store.append(sessionId, e).catch(() => undefined);
        print(e);
      },
      openDebugger: async (run) => ({
        session: new DebugSession({
          ...run,
          sessionId,
          personaId: null,
          breakpoints: () => NO_BREAKPOINTS,
          ...(approval ? { approval } : {}),
          approvals: options.approve ? 'allow' : 'deny',
          approvalDeniedMessage: (tool) =>
            `tool '${tool}' needs the user's approval and a re-run has nobody to ask: pass --approve, or use --tools recorded.`,
          onPause: () => undefined,
          onResume: () => undefined,
        }),
        dispose: () => undefined,
      }),
      onRun: (handle) => (current = handle),
    });
    await store.flush();
    io.err(`saved as session ${sessionId} (re-run of ${source.sessionId})\n`);
    if (outcomes.some((o) => o.status === 'cancelled')) return 130;
    return outcomes.every((o) => o.status === 'finished') ? 0 : 1;
  } finally {
    process.off('SIGINT', onSigint);
    await runtime.close();
  }
}

export const command: Command = {
  summary: "send a session's user turns again against another persona, model, brain or engine",
  usage,
  run: (args) => rerunCommand(args),
};
