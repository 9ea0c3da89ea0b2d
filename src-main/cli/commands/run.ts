import path from 'node:path';
import type { Readable } from 'node:stream';
import { Breakpoints, type PauseState } from '../../../shared/domain/debug';
import type { PersonaFile } from '../../../shared/domain/persona';
import { DebugSession } from '../../core/app/debug-session';
import { buildPersonaRuntime } from '../../core/app/persona-runtime';
import { startRun } from '../../core/app/run-chat';
import { resolveDataDir } from '../../core/data-dir';
import { StudioError } from '../../core/errors';
import { readPersonaRef } from '../../core/personas/persona-ref';
import { loadToolboxCatalog } from '../../core/toolboxes/catalog';
import { MissingToolBox } from '../../core/app/missing-toolbox';
import type { Command } from '../index';
import { LineReader } from '../line-reader';
import { askAtPause, type BreakPromptIO } from './break-prompt';
import { approveProgramsOf } from '../program-approval';
import { createRunPrinter } from './run-printer';
import { allowSampling } from '../../core/toolboxes/mcp/headless';

const usage = `Usage: persona-studio run <persona.json|persona-id> "<prompt>" [--json] [--break tools|model|<tool>]... [--approve]

Runs an OVOS persona (a file, or an id in $PERSONA_STUDIO_HOME/personas) headless on one prompt and prints
the loop's trace: each assistant turn, its tool calls with their arguments, each result or error, the answer
as it streams, with timings and [iteration/max].
  --json           print the trace events as JSON lines instead (one TraceEvent per line; prompts go to stderr)
  --break tools    pause before every tool call; --break <tool>: before calls of that tool (repeatable)
  --break model    pause before every model request
                   At a pause: run, edit (the arguments as one JSON line, or in $EDITOR when set), mock (enter
                   the result), deny (with a reason), step, continue (to the next breakpoint), quit.
  --approve        run tools whose approval is 'ask' (MCP servers over stdio, ovos-shell-tools and the
                   filesystem's write_file, unless the persona says 'auto') without asking. Without it they
                   pause for approval in a terminal, and without a terminal they are refused with a tool
                   error the model sees.
  --allow-sampling let the persona's brain answer MCP servers' sampling requests (sampling/createMessage) without
                   asking; without it they are declined with a message the server sees (as are elicitation requests:
                   there is no form to answer them here)
  --yes            start the persona's programs (MCP stdio servers, printed on stderr first) without asking;
                   without it a program not approved before is asked for at a terminal and refused elsewhere
Exit status: 0 with an answer, 1 when the run fails (e.g. the brain is unreachable), 2 on bad input,
130 when cancelled (Ctrl-C, or quit at a pause).`;

/** Where the command reads and writes; tests inject their own. */
export interface RunIO {
  stdin: Readable;
  /** Whether a person can answer at a pause (stdin is a terminal). */
  isTTY: boolean;
  out: (text: string) => void;
  err: (text: string) => void;
  env: NodeJS.ProcessEnv;
  runEditor?: BreakPromptIO['runEditor'];
}

const processIO = (): RunIO => ({
  stdin: process.stdin,
  isTTY: Boolean(process.stdin.isTTY),
  out: (text) => void process.stdout.write(text),
  err: (text) => void process.stderr.write(text),
  env: process.env,
});

interface Options {
  json: boolean;
  approve: boolean;
  yes: boolean;
  allowSampling: boolean;
  breaks: string[];
  positional: string[];
  bad: string | null;
}

function parseArgs(args: string[]): Options {
  const options: Options = {
    json: false,
    approve: false,
    yes: false,
    allowSampling: false,
    breaks: [],
    positional: [],
    bad: null,
  };
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (arg === '--json') options.json = true;
    else if (arg === '--approve') options.approve = true;
    else if (arg === '--yes') options.yes = true;
    else if (arg === '--allow-sampling') options.allowSampling = true;
    else if (arg === '--break' || arg.startsWith('--break=')) {
      const value = arg === '--break' ? args[++i] : arg.slice('--break='.length);
      if (!value || value.startsWith('--')) options.bad ??= '--break needs tools, model or a tool name.';
      else options.breaks.push(value);
    } else if (arg.startsWith('--')) options.bad ??= `Unknown option ${arg}.`;
    else options.positional.push(arg);
  }
  return options;
}

/** `--break` values as breakpoints: `tools` (every call), `model`, or tool names. */
export function breakpointsFrom(breaks: string[]): Breakpoints {
  const tools = breaks.filter((b) => b !== 'tools' && b !== 'model');
  return Breakpoints.parse({
    beforeTools: {
      enabled: breaks.includes('tools') || tools.length > 0,
      tools: breaks.includes('tools') ? [] : tools,
    },
    beforeModel: breaks.includes('model'),
  });
}

/** What is wrong with the persona and prompt given, in words (null when they are two and the prompt is not empty). */
export function positionalProblem(positional: string[]): string | null {
  if (positional.length === 0) return 'Give the persona (a file or an id) and the prompt.';
  if (positional.length === 1)
    return `Got only '${positional[0]}': run needs the persona (a file or an id), then the prompt.`;
  if (positional.length > 2)
    return `Got ${positional.length} arguments: put the prompt in quotes, e.g. persona-studio run ${positional[0]} "${positional.slice(1).join(' ')}".`;
  if (!positional[1].trim()) return 'The prompt is empty.';
  return null;
}

/** `persona-studio run`, with its input and output injectable. */
export async function runCommand(args: string[], io: RunIO = processIO()): Promise<number> {
  const options = parseArgs(args);
  const { positional } = options;
  const bad = options.bad ?? positionalProblem(positional);
  if (bad) {
    io.err(`${bad}\n${usage}\n`);
    return 2;
  }
  const [file, prompt] = positional;
  let runtime;
  let persona: PersonaFile;
  try {
    persona = await readPersonaRef(file, resolveDataDir());
    const dataDir = resolveDataDir();
    const { toolboxes } = await loadToolboxCatalog({ dataDir });
    // The persona's programs (MCP stdio servers) are printed, and start only when approved or with --yes.
    const programs = await approveProgramsOf(persona, file, {
      dataDir,
      classes: toolboxes,
      yes: options.yes,
      input: Object.assign(io.stdin, { isTTY: io.isTTY }),
    });
    runtime = await buildPersonaRuntime(persona, { toolboxes, programs });
    // Bad input, as before: the persona's brain cannot be made.
    if (runtime.brainError) {
      await runtime.close();
      throw runtime.brainError;
    }
    if (options.allowSampling) allowSampling(runtime.toolboxes);
    // Left out as OVOS leaves them out, and said so (stderr keeps --json's stdout clean).
    for (const missing of runtime.toolboxes.filter((t) => t instanceof MissingToolBox))
      io.err(`toolbox '${missing.toolboxId}' is not installed here: the persona runs without its tools\n`);
  } catch (error) {
    io.err(`${error instanceof Error ? error.message : String(error)}\n`);
    return 2;
  }
  const onEvent = options.json
    ? (event: unknown) => io.out(`${JSON.stringify(event)}\n`)
    : createRunPrinter(io.out, io.err);
  const breakpoints = breakpointsFrom(options.breaks);
  // Prompts keep stdout clean for --json.
  const say = options.json ? io.err : io.out;
  let reader: LineReader | null = null;
  const approval = runtime.approval;
  const sessionId = `cli-${Date.now()}`;
  const handle = startRun(runtime, {
    history: [],
    message: prompt,
    sessionId,
    personaId: null,
    personaName: persona.name || path.basename(file, '.json'),
    onEvent,
    openDebugger: async (run) => {
      const session: DebugSession = new DebugSession({
        ...run,
        sessionId,
        personaId: null,
        breakpoints: () => breakpoints,
        ...(approval ? { approval } : {}),
        approvals: options.approve ? 'allow' : io.isTTY ? 'pause' : 'deny',
        approvalDeniedMessage: (tool) =>
          `tool '${tool}' needs the user's approval (its toolbox runs a program or writes files, or the persona says 'ask'), and there is no terminal to ask. Run it in a terminal, or pass --approve.`,
        onPause: (pause) => void answer(session, pause),
        onResume: () => undefined,
      });
      return { session, dispose: () => undefined };
    },
  });
  const answer = async (session: DebugSession, pause: PauseState) => {
    reader ??= new LineReader(io.stdin);
    const prompt: BreakPromptIO = {
      reader,
      write: say,
      editor: io.env.VISUAL || io.env.EDITOR || undefined,
      ...(io.runEditor ? { runEditor: io.runEditor } : {}),
    };
    while (session.paused?.pauseId === pause.pauseId) {
      const action = await askAtPause(pause, prompt);
      if (session.paused?.pauseId !== pause.pauseId) return;
      try {
        session.resume(pause.pauseId, action);
      } catch (error) {
        const details = (error as StudioError).details as
          { issues?: { path: unknown[]; message: string }[] } | undefined;
        say(`${(error as Error).message}\n`);
        for (const issue of details?.issues ?? []) say(`  ${issue.path.join('.') || '(input)'}: ${issue.message}\n`);
      }
    }
  };
  const onSigint = () => handle.cancel('Interrupted (Ctrl-C).');
  process.once('SIGINT', onSigint);
  try {
    const outcome = await handle.done;
    return outcome.status === 'finished' ? 0 : outcome.status === 'failed' ? 1 : 130;
  } finally {
    process.off('SIGINT', onSigint);
    (reader as LineReader | null)?.close();
    await runtime.close();
  }
}

export const command: Command = {
  summary: 'run a persona file on one prompt and print the loop trace (with --break: pause and edit calls)',
  usage,
  run: (args) => runCommand(args),
};
