import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ModelRequest, type PauseState, type ResumeAction, ToolArgs } from '../../../shared/domain/debug';
import type { LineReader } from '../line-reader';
import { parseJsonSafe } from '../../../shared/json/safe-json';

type Write = (text: string) => void;

/** How the terminal debugger reads and writes, injectable for tests. */
export interface BreakPromptIO {
  reader: LineReader;
  write: Write;
  /** `$EDITOR` (or `$VISUAL`): edits open it on a temp file; without one an edit is one JSON line. */
  editor?: string;
  /** Opens the editor on a file and waits for it (default: spawn it attached to the terminal). */
  runEditor?: (editor: string, file: string) => void;
}

const TOOL_CHOICES = '[r]un  [e]dit  [m]ock  [d]eny  [s]tep  [c]ontinue  [q]uit';
const MODEL_CHOICES = '[s]end  [e]dit  [c]ontinue  [q]uit';

const WHY: Record<PauseState['reason'], string> = {
  breakpoint: 'breakpoint',
  step: 'step',
  approval: 'needs approval',
  tool_error: 'the tool failed',
};

/**
 * The terminal side of a pause: prints where the run stopped and reads a choice (run, edit, mock, deny, step,
 * continue, quit; at a model request: send, edit, continue, quit) until one parses. The end of the input quits.
 */
export async function askAtPause(pause: PauseState, io: BreakPromptIO): Promise<ResumeAction> {
  describe(pause, io.write);
  const at = pause.at;
  for (;;) {
    io.write(`${at.kind === 'tool' ? TOOL_CHOICES : MODEL_CHOICES}\n? `);
    const line = await io.reader.next();
    if (line === null) {
      io.write('\n(input ended: stopping the run)\n');
      return { action: 'stop' };
    }
    const choice = line.trim().toLowerCase();
    if (choice === 'q' || choice === 'quit') return { action: 'stop' };
    if (choice === 'c' || choice === 'continue') return { action: 'continue' };
    if (at.kind === 'tool') {
      const current = at.ranArguments ?? at.arguments;
      if (choice === '' || choice === 'r' || choice === 'run')
        return { action: 'run', arguments: current, then: 'continue' };
      if (choice === 's' || choice === 'step') return { action: 'step' };
      if (choice === 'e' || choice === 'edit') {
        const edited = await readJson(io, 'arguments', current, (v) => ToolArgs.safeParse(v));
        if (edited) return { action: 'run', arguments: edited, then: 'continue' };
        continue;
      }
      if (choice === 'm' || choice === 'mock') {
        const result = await readJson(io, 'result', {}, (v) => ToolArgs.safeParse(v));
        if (result) return { action: 'mock', result, then: 'continue' };
        continue;
      }
      if (choice === 'd' || choice === 'deny') {
        io.write('reason (optional)> ');
        const reason = (await io.reader.next())?.trim();
        return { action: 'deny', ...(reason ? { reason } : {}), then: 'continue' };
      }
    } else {
      if (choice === '' || choice === 's' || choice === 'send') return { action: 'continue' };
      if (choice === 'e' || choice === 'edit') {
        const request = await readJson(io, 'request', at.request, (v) => ModelRequest.safeParse(v));
        if (request) return { action: 'send', request, then: 'continue' };
        continue;
      }
    }
    io.write(`'${line.trim()}' is not a choice here.\n`);
  }
}

function describe(pause: PauseState, write: Write): void {
  const at = pause.at;
  if (at.kind === 'tool') {
    const place = at.count > 1 ? ` (call ${at.index + 1} of ${at.count})` : '';
    write(`‖ paused at ${at.name}${place} [${at.toolCallId || 'manual'}]: ${WHY[pause.reason]}\n`);
    write(`  arguments: ${JSON.stringify(at.arguments)}\n`);
    if (at.ranArguments && JSON.stringify(at.ranArguments) !== JSON.stringify(at.arguments))
      write(`  ran with:  ${JSON.stringify(at.ranArguments)}\n`);
    if (at.error) write(`  error [${at.error.code}]: ${at.error.message}\n`);
  } else {
    const { messages, tools, parameters } = at.request;
    write(
      `‖ paused before the model request (iteration ${pause.iteration}): ${messages.length} message(s), ${tools.length} tool(s)\n`,
    );
    write(`  parameters: ${JSON.stringify(parameters)}\n`);
    const last = messages.at(-1);
    if (last) write(`  last message (${last.role}): ${last.content.slice(0, 200)}\n`);
  }
}

/** A JSON value from `$EDITOR` (prefilled with `current`) or one line; null (after saying why) when it does not parse or fit. */
async function readJson<T>(
  io: BreakPromptIO,
  what: string,
  current: unknown,
  check: (
    value: unknown,
  ) => { success: true; data: T } | { success: false; error: { issues: { message: string; path: PropertyKey[] }[] } },
): Promise<T | null> {
  let text: string | null;
  if (io.editor) {
    text = editInEditor(io, JSON.stringify(current, null, 2));
  } else {
    io.write(`${what} as one JSON line (now ${JSON.stringify(current)})\n${what}> `);
    text = await io.reader.next();
  }
  if (text === null || !text.trim()) {
    io.write('(nothing entered)\n');
    return null;
  }
  let value: unknown;
  try {
    value = parseJsonSafe(text);
  } catch (error) {
    io.write(`Not valid JSON: ${(error as Error).message}\n`);
    return null;
  }
  const checked = check(value);
  if (!checked.success) {
    const issue = checked.error.issues[0];
    io.write(`Not a valid ${what}: ${issue.path.map(String).join('.') || what}: ${issue.message}\n`);
    return null;
  }
  return checked.data;
}

function editInEditor(io: BreakPromptIO, text: string): string | null {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'persona-studio-edit-'));
  const file = path.join(dir, 'edit.json');
  try {
    writeFileSync(file, `${text}\n`);
    (io.runEditor ?? spawnEditor)(io.editor!, file);
    return readFileSync(file, 'utf8');
  } catch (error) {
    io.write(`The editor failed: ${(error as Error).message}\n`);
    return null;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** `$EDITOR file`, attached to the terminal; EDITOR may carry arguments (`code --wait`). */
function spawnEditor(editor: string, file: string): void {
  const [cmd, ...args] = editor.split(/\s+/).filter(Boolean);
  const done = spawnSync(cmd, [...args, file], { stdio: 'inherit' });
  if (done.error) throw done.error;
  if (done.status !== 0) throw new Error(`${editor} exited with status ${done.status}`);
}
