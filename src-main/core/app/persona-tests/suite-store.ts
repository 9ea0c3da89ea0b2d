import { mkdir, readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { PersonaSuite, type SuiteCase } from '../../../../shared/domain/persona-suite';
import type { SuiteListing } from '../../../../shared/domain/persona-test-result';
import { parseJsonSafe } from '../../../../shared/json/safe-json';
import { writeFileAtomic } from '../../atomic-write';
import { StudioError } from '../../errors';
import { loadSuite, SuiteInputError, type LoadedSuite } from './load-suite';

const SUITE_FILE = /\.suite\.json$/;
/** The most suite files opened per persona (older ones are forgotten first). */
const MAX_OPENED = 50;

type Opened = Record<string, string[]>;

/**
 * A persona's test suites: the `*.suite.json` files in the data folder's `suites/<personaId>/`, and suite files the
 * user opened for it (their paths kept in `suites/opened.json`). Cases are added only to suites listed here.
 */
export class SuiteStore {
  private writing: Promise<unknown> = Promise.resolve();

  constructor(private readonly root: string) {}

  /** The persona's folder of suites. */
  dirOf(personaId: string): string {
    return path.join(this.root, personaId);
  }

  /** The suite Save as test writes to when none is chosen. */
  defaultFile(personaId: string): string {
    return path.join(this.dirOf(personaId), `${personaId}.suite.json`);
  }

  /** Every suite of the persona, each read and validated (or with the error that says why it cannot be used). */
  async list(personaId: string): Promise<SuiteListing[]> {
    const files = new Map<string, SuiteListing['source']>();
    try {
      for (const name of (await readdir(this.dirOf(personaId))).sort())
        if (SUITE_FILE.test(name)) files.set(path.join(this.dirOf(personaId), name), 'data');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
    for (const file of (await this.readOpened())[personaId] ?? []) if (!files.has(file)) files.set(file, 'opened');
    return Promise.all([...files].map(([file, source]) => this.read(file, source)));
  }

  /** The persona's suites that can run. */
  async loaded(personaId: string): Promise<LoadedSuite[]> {
    return (await this.list(personaId)).flatMap((l) => (l.suite ? [{ file: l.file, suite: l.suite }] : []));
  }

  /** Opens a suite file for the persona: it must read and validate; then it is listed with the persona's suites. */
  async open(personaId: string, file: string): Promise<SuiteListing> {
    const full = path.resolve(file);
    if (!SUITE_FILE.test(full)) throw new StudioError('bad_input', `${full}: a suite file's name ends in .suite.json.`);
    const listing = await this.read(full, 'opened');
    if (listing.error) throw new StudioError('bad_input', listing.error);
    if (path.dirname(full) === this.dirOf(personaId)) return { ...listing, source: 'data' };
    await this.serial(async () => {
      const opened = await this.readOpened();
      const list = (opened[personaId] ?? []).filter((f) => f !== full);
      opened[personaId] = [...list, full].slice(-MAX_OPENED);
      await mkdir(this.root, { recursive: true });
      await writeFileAtomic(path.join(this.root, 'opened.json'), `${JSON.stringify(opened, null, 2)}\n`);
    });
    return listing;
  }

  /**
   * Adds a case to one of the persona's suites (default: its own suite, created when missing). A suite that does
   * not read or validate is never rewritten; a case name the suite has already is refused (nothing is written).
   */
  async addCase(personaId: string, testCase: SuiteCase, suiteFile?: string): Promise<string> {
    return this.serial(async () => {
      const file = suiteFile ?? this.defaultFile(personaId);
      const known = (await this.list(personaId)).find((l) => l.file === file);
      if (!known && file !== this.defaultFile(personaId))
        throw new StudioError('bad_input', `${suiteFile} is not one of this persona's suites: open it first.`);
      if (known?.error) throw new StudioError('bad_input', `${file} cannot be changed: ${known.error}`);
      const suite: PersonaSuite = known?.suite ?? { persona: personaId, cases: [] };
      if (suite.cases.some((c) => c.name === testCase.name))
        throw new StudioError('bad_input', `The suite already has a case named '${testCase.name}': rename it.`, {
          issues: [{ path: ['name'], message: `The suite already has a case named '${testCase.name}'.` }],
        });
      const next = PersonaSuite.parse({ ...suite, cases: [...suite.cases, testCase] });
      await mkdir(path.dirname(file), { recursive: true });
      await writeFileAtomic(file, `${JSON.stringify(next, null, 2)}\n`);
      return file;
    });
  }

  private async read(file: string, source: SuiteListing['source']): Promise<SuiteListing> {
    try {
      const { suite } = await loadSuite(file);
      return { file, source, suite, error: null };
    } catch (error) {
      if (error instanceof SuiteInputError) return { file, source, suite: null, error: error.message };
      throw error;
    }
  }

  private async readOpened(): Promise<Opened> {
    try {
      const value = parseJsonSafe(await readFile(path.join(this.root, 'opened.json'), 'utf8'));
      if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
      return Object.fromEntries(
        Object.entries(value as Record<string, unknown>).map(([k, v]) => [
          k,
          Array.isArray(v) ? v.filter((f): f is string => typeof f === 'string') : [],
        ]),
      );
    } catch {
      return {};
    }
  }

  private serial<T>(job: () => Promise<T>): Promise<T> {
    const next = this.writing.catch(() => undefined).then(job);
    this.writing = next;
    return next;
  }
}
