import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import {
  CallHistoryEntry,
  CallLabel,
  MAX_HISTORY_PER_SCOPE,
  MAX_HISTORY_PER_TOOL,
  MAX_KEPT_ARGS_CHARS,
  MAX_KEPT_RESULT_CHARS,
  MAX_SAVED_CALLS,
  SavedCall,
  type CallHistory,
  type CallOutcome,
} from '../../../shared/domain/call-history';
import { parseJsonSafe } from '../../../shared/json/safe-json';
import { writeFileAtomic } from '../atomic-write';
import { StudioError } from '../errors';
import { logger } from '../log';
import { maskSecretArgs } from './mask-secret-args';

const log = logger('call-history');

/** A history file bigger than this is not read (it cannot come from this store's limits): it starts empty. */
export const MAX_HISTORY_FILE_BYTES = 16 * 1024 * 1024;
/** The scope of calls made without a persona (installed toolboxes with their default config). */
export const INSTALLED_SCOPE = '_installed';

/** A manual call to record: the arguments as sent (secrets included) and the tool's argument schema. */
export interface CallToRecord {
  toolboxId: string;
  name: string;
  args: Record<string, unknown>;
  argumentSchema: unknown;
  outcome: CallOutcome;
}

/** A saved call's name, checked: a bad one is a `bad_input` error saying why. */
function checkedLabel(label: string): string {
  const parsed = CallLabel.safeParse(label);
  if (!parsed.success) throw new StudioError('bad_input', parsed.error.issues[0]?.message ?? 'Bad name.');
  return parsed.data;
}

const newId = () => randomBytes(6).toString('hex');
const keyOf = (c: { toolboxId: string; name: string }) => `${c.toolboxId}/${c.name}`;
const jsonLength = (v: unknown) => JSON.stringify(v ?? null).length;

/** What a history file may hold; each entry that does not parse is dropped alone. */
const FileShape = z.object({ entries: z.array(z.unknown()).default([]), saved: z.array(z.unknown()).default([]) });

function parseList<T>(schema: z.ZodType<T>, items: unknown[]): T[] {
  return items.flatMap((item) => {
    const parsed = schema.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
}

/** The outcome as kept: a result too big is left out (its size kept, and what says it reported an error). */
function keptOutcome(outcome: CallOutcome): CallOutcome {
  if (!outcome.ok) return outcome;
  const chars = jsonLength(outcome.result);
  if (chars <= MAX_KEPT_RESULT_CHARS) return outcome;
  const r = outcome.result as Record<string, unknown> | null;
  const flags =
    r && typeof r === 'object' && !Array.isArray(r)
      ? {
          ...(r.is_error === true ? { is_error: true } : {}),
          ...(typeof r.error === 'string' ? { error: r.error.slice(0, 1000) } : {}),
        }
      : null;
  return { ok: true, result: flags, durationMs: outcome.durationMs, omittedChars: chars };
}

/**
 * `call-history/<persona>.json` in the data folder: each persona's manual tool calls (the Tools pane's history,
 * the last MAX_HISTORY_PER_TOOL per tool) and its saved calls. Secret arguments are never written (see
 * maskSecretArgs); big arguments and results are left out, their size kept. Writes are atomic and one at a time;
 * a file that does not parse reads as empty and is replaced on the next write.
 */
export class CallHistoryStore {
  private readonly cache = new Map<string, CallHistory>();
  private writing: Promise<void> = Promise.resolve();

  constructor(readonly dir: string) {}

  /** The file of a scope (a persona id, or INSTALLED_SCOPE). */
  fileOf(scope: string): string {
    return path.join(this.dir, `${scope}.json`);
  }

  async list(scope: string): Promise<CallHistory> {
    const h = await this.load(scope);
    return { entries: [...h.entries], saved: [...h.saved] };
  }

  /** Records a manual call (newest first), keeping the last MAX_HISTORY_PER_TOOL of its tool. */
  async record(scope: string, call: CallToRecord): Promise<CallHistoryEntry> {
    const { args, masked } = maskSecretArgs(call.args, call.argumentSchema);
    const argsChars = jsonLength(args);
    const entry: CallHistoryEntry = {
      id: newId(),
      at: Date.now(),
      toolboxId: call.toolboxId,
      name: call.name,
      ...(argsChars > MAX_KEPT_ARGS_CHARS ? { args: {}, argsOmittedChars: argsChars } : { args }),
      masked,
      outcome: keptOutcome(call.outcome),
    };
    await this.update(scope, (h) => {
      const key = keyOf(entry);
      let sameTool = 0;
      const kept = h.entries.filter((e) => keyOf(e) !== key || ++sameTool < MAX_HISTORY_PER_TOOL);
      return { ...h, entries: [entry, ...kept].slice(0, MAX_HISTORY_PER_SCOPE) };
    });
    return entry;
  }

  /** Keeps a history entry as a saved call with this name. */
  async save(scope: string, entryId: string, label: string): Promise<SavedCall> {
    const name = checkedLabel(label);
    let saved: SavedCall | undefined;
    await this.update(scope, (h) => {
      const entry = h.entries.find((e) => e.id === entryId);
      if (!entry) throw new StudioError('not_found', `No call '${entryId}' in this history (it may have dropped out).`);
      if (entry.argsOmittedChars !== undefined)
        throw new StudioError(
          'bad_input',
          `This call's arguments (${entry.argsOmittedChars.toLocaleString('en')} characters) were too big to keep: it cannot be saved.`,
        );
      if (h.saved.length >= MAX_SAVED_CALLS)
        throw new StudioError(
          'bad_input',
          `This persona has ${MAX_SAVED_CALLS} saved calls, the most it can keep: delete one first.`,
        );
      const { id: _id, at: _at, outcome: _outcome, ...target } = entry;
      saved = { ...target, id: newId(), label: name, savedAt: Date.now() };
      return { ...h, saved: [saved, ...h.saved] };
    });
    return saved!;
  }

  async rename(scope: string, savedId: string, label: string): Promise<SavedCall> {
    const name = checkedLabel(label);
    let renamed: SavedCall | undefined;
    await this.update(scope, (h) => {
      const found = h.saved.find((s) => s.id === savedId);
      if (!found) throw new StudioError('not_found', `No saved call '${savedId}'.`);
      renamed = { ...found, label: name };
      return { ...h, saved: h.saved.map((s) => (s.id === savedId ? renamed! : s)) };
    });
    return renamed!;
  }

  async delete(scope: string, savedId: string): Promise<boolean> {
    let deleted = false;
    await this.update(scope, (h) => {
      deleted = h.saved.some((s) => s.id === savedId);
      return { ...h, saved: h.saved.filter((s) => s.id !== savedId) };
    });
    return deleted;
  }

  /** Forgets a scope's history and saved calls (its persona was deleted). */
  async forget(scope: string): Promise<void> {
    const run = this.writing
      .catch(() => undefined)
      .then(async () => {
        this.cache.delete(scope);
        await rm(this.fileOf(scope), { force: true });
      });
    this.writing = run;
    await run;
  }

  /** Applies a change and writes the file, one change at a time (a refused change writes nothing). */
  private async update(scope: string, change: (h: CallHistory) => CallHistory): Promise<void> {
    const run = this.writing
      .catch(() => undefined)
      .then(async () => {
        const next = change(await this.load(scope));
        await mkdir(this.dir, { recursive: true, mode: 0o700 });
        await writeFileAtomic(this.fileOf(scope), `${JSON.stringify(next)}\n`, { mode: 0o600 });
        this.cache.set(scope, next);
      });
    this.writing = run;
    await run;
  }

  private async load(scope: string): Promise<CallHistory> {
    const cached = this.cache.get(scope);
    if (cached) return cached;
    const file = this.fileOf(scope);
    let history: CallHistory = { entries: [], saved: [] };
    try {
      const { size } = await stat(file);
      if (size > MAX_HISTORY_FILE_BYTES) {
        log.warn(`${file} is ${size} bytes, more than ${MAX_HISTORY_FILE_BYTES}: not read; starting empty.`);
      } else {
        const parsed = FileShape.safeParse(parseJsonSafe(await readFile(file, 'utf8')));
        if (parsed.success)
          history = {
            entries: parseList(CallHistoryEntry, parsed.data.entries).slice(0, MAX_HISTORY_PER_SCOPE),
            saved: parseList(SavedCall, parsed.data.saved).slice(0, MAX_SAVED_CALLS),
          };
        else log.warn(`${file} is not a call history; starting empty.`);
      }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT')
        log.warn(`cannot read ${file}: ${(error as Error).message}; starting empty.`);
    }
    this.cache.set(scope, history);
    return history;
  }
}
