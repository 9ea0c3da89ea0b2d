import { randomBytes } from 'node:crypto';
import { appendFile, mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import {
  CaseResultRecord,
  CaseResultSummary,
  type AssertionVerdict,
} from '../../../../shared/domain/persona-test-result';
import { parseJsonSafe } from '../../../../shared/json/safe-json';
import { writeFileAtomic } from '../../atomic-write';
import { StudioError } from '../../errors';
import type { CaseResult } from './run-suite';

const RESULT_ID = /^[a-z0-9]{1,40}-[a-f0-9]{8}$/;
/** The index is read whole; past this size its oldest lines are left unread. */
const MAX_INDEX_BYTES = 8 * 1024 * 1024;

/** A new result id: sortable by time, unique. */
export function newResultId(now = Date.now()): string {
  return `${now.toString(36)}-${randomBytes(4).toString('hex')}`;
}

/** The failed assertions of the first failed run of a result (what the list shows beside a red case). */
export function failuresOf(result: CaseResult): AssertionVerdict[] {
  const failed = result.attempts.find((a) => !a.passed);
  return failed ? failed.assertions.filter((a) => !a.ok) : [];
}

/**
 * The results of a persona's test cases, kept in the data folder: `test-results/<personaId>/index.jsonl` (one
 * summary a line, appended) and `<resultId>.json` (the whole result, traces included).
 */
export class ResultHistory {
  private appending: Promise<unknown> = Promise.resolve();

  constructor(private readonly root: string) {}

  /** Stores a case's result; answers its summary. */
  async add(personaId: string, testRunId: string, result: CaseResult, at = Date.now()): Promise<CaseResultSummary> {
    const summary: CaseResultSummary = {
      resultId: newResultId(at),
      testRunId,
      at,
      suite: result.suite,
      name: result.name,
      passed: result.passed,
      passedRuns: result.passedRuns,
      runs: result.runs,
      threshold: result.threshold,
      durationMs: result.durationMs,
      failures: failuresOf(result),
    };
    const dir = path.join(this.root, personaId);
    const record: CaseResultRecord = { ...summary, attempts: result.attempts };
    const job = this.appending
      .catch(() => undefined)
      .then(async () => {
        await mkdir(dir, { recursive: true });
        await writeFileAtomic(path.join(dir, `${summary.resultId}.json`), JSON.stringify(record));
        await appendFile(path.join(dir, 'index.jsonl'), `${JSON.stringify(summary)}\n`);
      });
    this.appending = job;
    await job;
    return summary;
  }

  /** The persona's results, newest first, at most `limit` per case (suite and name). Unreadable lines are skipped. */
  async list(personaId: string, limit: number): Promise<CaseResultSummary[]> {
    let text: string;
    try {
      text = await readFile(path.join(this.root, personaId, 'index.jsonl'), 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
    if (text.length > MAX_INDEX_BYTES) text = text.slice(text.length - MAX_INDEX_BYTES);
    const perCase = new Map<string, number>();
    const out: CaseResultSummary[] = [];
    for (const line of text.split('\n').reverse()) {
      if (!line.trim()) continue;
      let parsed;
      try {
        parsed = CaseResultSummary.safeParse(parseJsonSafe(line));
      } catch {
        continue;
      }
      if (!parsed.success) continue;
      const key = `${parsed.data.suite}\n${parsed.data.name}`;
      const n = perCase.get(key) ?? 0;
      if (n >= limit) continue;
      perCase.set(key, n + 1);
      out.push(parsed.data);
    }
    return out;
  }

  /** One whole result; an unknown id -> not_found. */
  async get(personaId: string, resultId: string): Promise<CaseResultRecord> {
    if (!RESULT_ID.test(resultId)) throw new StudioError('bad_input', `'${resultId}' is not a result id.`);
    let text: string;
    try {
      text = await readFile(path.join(this.root, personaId, `${resultId}.json`), 'utf8');
    } catch {
      throw new StudioError('not_found', `No stored test result '${resultId}' for persona '${personaId}'.`);
    }
    const parsed = CaseResultRecord.safeParse(parseJsonSafe(text));
    if (!parsed.success)
      throw new StudioError('not_found', `The stored test result '${resultId}' cannot be read: it does not validate.`);
    return parsed.data;
  }
}
