import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { PersonaSuite } from '../../../../shared/domain/persona-suite';
import { parseJsonSafe } from '../../../../shared/json/safe-json';

/** A suite file that cannot be used: which file, which case (when the problem is in one) and which field. */
export class SuiteInputError extends Error {
  constructor(
    readonly file: string,
    readonly detail: string,
    readonly caseName: string | null = null,
    readonly field: string | null = null,
  ) {
    super(`${file}${caseName ? `: case '${caseName}'` : ''}${field ? `: ${field}` : ''}: ${detail}`);
    this.name = 'SuiteInputError';
  }
}

/** A suite read from its file. */
export interface LoadedSuite {
  file: string;
  suite: PersonaSuite;
}

const MAX_SUITE_BYTES = 5 * 1024 * 1024;
const SUITE_FILE = /\.suite\.json$/;

/** Reads and validates one suite file; any problem -> SuiteInputError naming the file, the case and the field. */
export async function loadSuite(file: string): Promise<LoadedSuite> {
  let text: string;
  try {
    const info = await stat(file);
    if (info.size > MAX_SUITE_BYTES) throw new Error(`larger than ${MAX_SUITE_BYTES} bytes`);
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw new SuiteInputError(file, `cannot read the suite: ${readProblem(error as NodeJS.ErrnoException)}`);
  }
  let raw: unknown;
  try {
    raw = parseJsonSafe(text);
  } catch (error) {
    throw new SuiteInputError(file, `not valid JSON: ${(error as Error).message}`);
  }
  const parsed = PersonaSuite.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const p = issue.path;
    let caseName: string | null = null;
    if (p[0] === 'cases' && typeof p[1] === 'number') {
      const c = (raw as { cases?: { name?: unknown }[] }).cases?.[p[1]];
      caseName = typeof c?.name === 'string' ? c.name : `#${p[1] + 1}`;
    }
    const field = (caseName ? p.slice(2) : p).map((k) => (typeof k === 'number' ? `[${k}]` : `.${String(k)}`));
    throw new SuiteInputError(file, plainIssue(issue.message), caseName, field.join('').replace(/^\./, '') || '(root)');
  }
  const seen = new Set<string>();
  for (const c of parsed.data.cases) {
    if (seen.has(c.name)) throw new SuiteInputError(file, 'two cases have this name', c.name, 'name');
    seen.add(c.name);
    for (const [i, a] of c.assertions.entries()) {
      if (a.type !== 'answer_matches') continue;
      try {
        new RegExp(a.pattern, a.flags);
      } catch (error) {
        throw new SuiteInputError(file, (error as Error).message, c.name, `assertions[${i}].pattern`);
      }
    }
  }
  return { file, suite: parsed.data };
}

/** The suite files the arguments name: files as given, folders searched (recursively) for `*.suite.json`. */
export async function findSuiteFiles(targets: string[]): Promise<string[]> {
  const files: string[] = [];
  const walk = async (dir: string) => {
    for (const entry of (await readdir(dir, { withFileTypes: true })).sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory() && entry.name !== 'node_modules' && !entry.name.startsWith('.')) await walk(full);
      else if (entry.isFile() && SUITE_FILE.test(entry.name)) files.push(full);
    }
  };
  for (const target of targets) {
    let info;
    try {
      info = await stat(target);
    } catch {
      throw new SuiteInputError(target, 'no such file or folder');
    }
    if (info.isDirectory()) await walk(target);
    else files.push(target);
  }
  return files;
}

/** Why a file could not be read, in words (the system's text for the rest). */
function readProblem(error: NodeJS.ErrnoException): string {
  if (error.code === 'ENOENT') return 'there is no such file';
  if (error.code === 'EACCES' || error.code === 'EPERM') return 'no permission to read it';
  if (error.code === 'EISDIR') return 'it is a folder, not a file';
  return error.message;
}

/** zod's "Invalid input: expected string, received undefined" says a field is missing: say that. */
function plainIssue(message: string): string {
  const missing = /^Invalid input: expected (\w+), received undefined$/.exec(message);
  return missing ? `missing (a ${missing[1]})` : message;
}
