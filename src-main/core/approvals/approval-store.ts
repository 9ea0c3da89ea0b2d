import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { StudioError } from '../errors';
import { writeFileAtomic } from '../atomic-write';

const Approval = z.object({ command: z.string(), approvedAt: z.number() });
const ApprovalsFile = z.object({
  version: z.literal(1),
  personas: z.record(z.string(), z.record(z.string(), Approval)),
});
type ApprovalsFile = z.infer<typeof ApprovalsFile>;

/**
 * The programs the user approved, per persona and per exact command (`approvals.json` in the data folder, never in
 * the persona file, so a persona cannot approve itself). Keyed by persona key then program fingerprint; the
 * record keeps the command line for the user to read, never env values. Re-read on every call: the CLI and the
 * app share the file.
 */
export class ApprovalStore {
  private queue: Promise<unknown> = Promise.resolve();

  constructor(readonly file: string) {}

  private async read(): Promise<ApprovalsFile> {
    let text: string;
    try {
      text = await readFile(this.file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { version: 1, personas: {} };
      throw error;
    }
    const parsed = ApprovalsFile.safeParse(
      (() => {
        try {
          return JSON.parse(text);
        } catch {
          return null;
        }
      })(),
    );
    if (!parsed.success)
      throw new StudioError(
        'internal',
        `${this.file} does not parse; it is left as it is (and nothing is approved). Fix or remove it.`,
        { path: this.file },
      );
    return parsed.data;
  }

  private serial<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.queue.then(fn, fn);
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** The fingerprints approved for one persona. */
  async approved(personaKey: string): Promise<Set<string>> {
    return new Set(Object.keys((await this.read()).personas[personaKey] ?? {}));
  }

  /** Remembers these programs as approved for the persona. */
  approve(personaKey: string, programs: Array<{ fingerprint: string; command: string }>): Promise<void> {
    return this.serial(async () => {
      const current = await this.read();
      const entry = { ...(current.personas[personaKey] ?? {}) };
      for (const p of programs) entry[p.fingerprint] = { command: p.command, approvedAt: Date.now() };
      await this.write({ version: 1, personas: { ...current.personas, [personaKey]: entry } });
    });
  }

  /** Forgets every approval of a persona (it was deleted). */
  forget(personaKey: string): Promise<void> {
    return this.serial(async () => {
      const current = await this.read();
      if (!current.personas[personaKey]) return;
      const personas = { ...current.personas };
      delete personas[personaKey];
      await this.write({ version: 1, personas });
    });
  }

  private write(next: ApprovalsFile): Promise<void> {
    return writeFileAtomic(this.file, `${JSON.stringify(next, null, 2)}\n`, { mode: 0o600 });
  }
}
