import { writeFile } from 'node:fs/promises';
import { junitXml, failureLines } from '../../core/app/persona-tests/junit';
import { findSuiteFiles, loadSuite, SuiteInputError, type LoadedSuite } from '../../core/app/persona-tests/load-suite';
import { runSuites, type CaseResult } from '../../core/app/persona-tests/run-suite';
import { resolveDataDir } from '../../core/data-dir';
import { loadToolboxCatalog } from '../../core/toolboxes/catalog';
import type { Command } from '../index';
import { approveProgramsOf } from '../program-approval';

const usage = `Usage: persona-studio test [suite files or folders]... [--filter <case>] [--json] [--junit out.xml] [--concurrency N] [--approve] [--yes]

Runs persona test suites (*.suite.json; folders are searched for them; default: the current folder) and prints
each case's result: the failing assertion and the step it points at, then a summary line.
  --filter <text>   only cases whose name contains <text>
  --json            print one JSON result per case, then a summary object (one per line)
  --junit <file>    also write JUnit XML (testsuites/testsuite/testcase/failure) for CI
  --concurrency N   runs at the same time (default 4)
  --approve         run tools whose approval is 'ask' (else refused: mock them in the suite)
  --yes             start the personas' programs (MCP stdio servers) without asking
Exit status: 0 when every case passes, 1 when one fails, 2 on bad input (an invalid suite names the file, the
case and the field).`;

export interface TestIO {
  out: (text: string) => void;
  err: (text: string) => void;
}

interface Options {
  targets: string[];
  filter?: string;
  json: boolean;
  junit?: string;
  concurrency: number;
  approve: boolean;
  yes: boolean;
}

function parseArgs(args: string[]): Options | string {
  const o: Options = { targets: [], json: false, concurrency: 4, approve: false, yes: false };
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    const value = () => {
      const v = args[++i];
      if (!v || v.startsWith('--')) throw new Error(`${arg} needs a value.`);
      return v;
    };
    try {
      if (arg === '--json') o.json = true;
      else if (arg === '--approve') o.approve = true;
      else if (arg === '--yes') o.yes = true;
      else if (arg === '--filter') o.filter = value();
      else if (arg === '--junit') o.junit = value();
      else if (arg === '--concurrency') {
        o.concurrency = Number(value());
        if (!Number.isInteger(o.concurrency) || o.concurrency < 1) return '--concurrency needs a whole number from 1.';
      } else if (arg.startsWith('--')) return `Unknown option ${arg}.`;
      else o.targets.push(arg);
    } catch (error) {
      return (error as Error).message;
    }
  }
  if (!o.targets.length) o.targets.push('.');
  return o;
}

function printResult(r: CaseResult, out: (text: string) => void): void {
  const runs = r.runs > 1 ? ` (${r.passedRuns}/${r.runs} runs passed, needs ${Math.round(r.threshold * 100)}%)` : '';
  out(`${r.passed ? 'PASS' : 'FAIL'} ${r.name}${runs} ${r.durationMs} ms  [${r.suite}]\n`);
  if (!r.passed) for (const line of failureLines(r)) out(`     ✗ ${line}\n`);
}

/** `persona-studio test`, with its output injectable. */
export async function testCommand(args: string[], io: TestIO): Promise<number> {
  const options = parseArgs(args);
  if (typeof options === 'string') {
    io.err(`${options}\n${usage}\n`);
    return 2;
  }
  const dataDir = resolveDataDir();
  let suites: LoadedSuite[];
  try {
    const files = await findSuiteFiles(options.targets);
    if (!files.length) throw new SuiteInputError(options.targets.join(', '), 'no *.suite.json files found');
    suites = await Promise.all(files.map(loadSuite));
  } catch (error) {
    io.err(`${(error as Error).message}\n`);
    return 2;
  }
  let results: CaseResult[];
  try {
    const { toolboxes } = await loadToolboxCatalog({ dataDir });
    results = await runSuites(suites, {
      dataDir,
      toolboxes,
      approve: options.approve,
      concurrency: options.concurrency,
      ...(options.filter ? { filter: options.filter } : {}),
      programs: (ref, persona) => approveProgramsOf(persona, ref, { dataDir, classes: toolboxes, yes: options.yes }),
      onResult: (r) =>
        options.json
          ? io.out(`${JSON.stringify({ ...r, attempts: r.attempts.map(({ events: _e, ...a }) => a) })}\n`)
          : printResult(r, io.out),
    });
  } catch (error) {
    io.err(`${(error as Error).message}\n`);
    return 2;
  }
  const failed = results.filter((r) => !r.passed).length;
  if (options.junit) await writeFile(options.junit, junitXml(results));
  const summary = `${results.length - failed} passed, ${failed} failed, ${results.length} cases in ${suites.length} suite(s)`;
  if (options.json)
    io.out(`${JSON.stringify({ summary: { passed: results.length - failed, failed, total: results.length } })}\n`);
  else io.out(`\n${summary}\n`);
  if (!results.length) {
    io.err(`No case matches${options.filter ? ` --filter ${options.filter}` : ''}.\n`);
    return 2;
  }
  return failed ? 1 : 0;
}

export const command: Command = {
  summary: 'run persona test suites (*.suite.json) headless; JUnit XML for CI',
  usage,
  run: (args) =>
    testCommand(args, { out: (t) => void process.stdout.write(t), err: (t) => void process.stderr.write(t) }),
};
