import path from 'node:path';
import type { PersonaFile } from '../../../../shared/domain/persona';
import type { SuiteBrain, SuiteCase, SuiteTool } from '../../../../shared/domain/persona-suite';
import type { TraceEvent } from '../../../../shared/domain/trace';
import type { ProgramPolicy } from '../../approvals/awaiting-approval';
import { ReplayBrain } from '../../brains/replay-brain';
import { StudioError } from '../../errors';
import { containsSubset } from '../../../../shared/domain/debug';
import { checkAssertions, caseRunFrom, type AssertionResult } from '../../persona-tests/assertions';
import { isPersonaPath, readPersonaRef, readPersonaVersion } from '../../personas/persona-ref';
import { historyFromEvents } from '../../sessions';
import type { GateDecision, ToolGate } from '../../toolbox/tool-gate';
import type { ToolboxDescriptor } from '../../toolboxes/toolbox-descriptor';
import { buildPersonaRuntime, type PersonaRuntime } from '../persona-runtime';
import { startRun } from '../run-chat';
import { readRecordedTools, type RecordedOutcome } from './recorded-tools';
import { SuiteInputError, type LoadedSuite } from './load-suite';

/** One run of a case: its assertions' verdicts and its trace (one event list per turn). */
export interface CaseAttempt {
  passed: boolean;
  assertions: AssertionResult[];
  durationMs: number;
  events: TraceEvent[][];
}

/** A case's result over its repeats: passed when at least `threshold` of the attempts passed. */
export interface CaseResult {
  suite: string;
  name: string;
  passed: boolean;
  passedRuns: number;
  runs: number;
  threshold: number;
  durationMs: number;
  attempts: CaseAttempt[];
}

export interface RunSuitesOptions {
  dataDir: string;
  toolboxes: Record<string, ToolboxDescriptor>;
  /** Which programs a persona may start (the surface asks or refuses); default none. */
  programs?: (personaRef: string, persona: PersonaFile) => Promise<ProgramPolicy>;
  /** Run tools whose approval is 'ask' (else they are refused with approval_required). */
  approve?: boolean;
  /** Only cases whose name contains this. */
  filter?: string;
  /** Runs at the same time; default 4. */
  concurrency?: number;
  /** A case's first run starts (for progress). */
  onStart?: (testCase: { suite: string; name: string }) => void;
  onResult?: (result: CaseResult) => void;
}

/** The persona reference of a suite: a path relative to the suite file, else a persona id. */
export function personaRefOf(loaded: LoadedSuite): string {
  const ref = loaded.suite.persona;
  return isPersonaPath(ref) ? path.resolve(path.dirname(loaded.file), ref) : ref;
}

function replayBrain(brain: Exclude<SuiteBrain, 'live'>, suiteFile: string): ReplayBrain {
  if ('sessionFile' in brain)
    return new ReplayBrain({ sessionFile: path.resolve(path.dirname(suiteFile), brain.sessionFile) });
  const events = brain.replay.map((turn, i) => ({
    type: 'assistant_message',
    content: turn.content,
    toolCalls: turn.toolCalls.map((c, k) => ({ id: `call_${i + 1}_${k + 1}`, name: c.name, arguments: c.arguments })),
    final: turn.toolCalls.length === 0,
    durationMs: 0,
    raw: null,
    warnings: [],
  }));
  return new ReplayBrain({ events: events as unknown as TraceEvent[] });
}

/** Equal as JSON values (objects key by key, in any order). */
function sameJson(a: unknown, b: unknown): boolean {
  return containsSubset(a, b) && containsSubset(b, a);
}

/** The case's tool gate: mocks answer without running the tool; live tools run, 'ask' ones only when approved. */
function caseGate(
  tools: Record<string, SuiteTool>,
  runtime: PersonaRuntime,
  approve: boolean,
  recorded: Map<string, RecordedOutcome> | null,
): ToolGate {
  return {
    before(call): GateDecision {
      const spec = tools[call.modelName] ?? (call.toolName ? tools[call.toolName] : undefined) ?? 'live';
      if (spec === 'recorded') {
        const outcome = recorded?.get(call.toolCallId);
        if (!outcome)
          return {
            kind: 'fail',
            error: { code: 'tool_execution_failed', message: `no recorded outcome for call '${call.toolCallId}'` },
          };
        return outcome.ok
          ? { kind: 'mock', result: structuredClone(outcome.result) }
          : { kind: 'fail', error: outcome.error };
      }
      if (spec !== 'live' && 'calls' in spec) {
        const same = spec.calls.find((c) => sameJson(c.arguments, call.arguments));
        if (!same)
          return {
            kind: 'fail',
            error: {
              code: 'tool_execution_failed',
              message: `no recorded call of '${call.modelName}' has these arguments: ${JSON.stringify(call.arguments)}`,
            },
          };
        return 'error' in same
          ? { kind: 'fail', error: { code: 'tool_execution_failed', message: same.error } }
          : { kind: 'mock', result: structuredClone(same.result) };
      }
      if (spec !== 'live') {
        if ('result' in spec) return { kind: 'mock', result: structuredClone(spec.result) };
        return { kind: 'fail', error: { code: 'tool_execution_failed', message: spec.error } };
      }
      if (!approve && call.toolboxId && call.toolName && runtime.approval?.(call.toolboxId, call.toolName) === 'ask') {
        return {
          kind: 'deny',
          code: 'approval_required',
          message: `tool '${call.modelName}' needs approval; run the tests with --approve or mock it in the suite.`,
        };
      }
      return { kind: 'run', arguments: call.arguments };
    },
  };
}

async function attempt(
  suiteFile: string,
  persona: PersonaFile,
  testCase: SuiteCase,
  programs: ProgramPolicy,
  options: RunSuitesOptions,
): Promise<CaseAttempt> {
  const recorded =
    typeof testCase.brain === 'object' &&
    'sessionFile' in testCase.brain &&
    Object.values(testCase.tools).includes('recorded')
      ? readRecordedTools(path.resolve(path.dirname(suiteFile), testCase.brain.sessionFile))
      : null;
  const built = await buildPersonaRuntime(persona, { toolboxes: options.toolboxes, programs });
  const runtime: PersonaRuntime =
    testCase.brain === 'live'
      ? built
      : { ...built, brain: replayBrain(testCase.brain, suiteFile), brainId: 'replay', model: null };
  const turns: TraceEvent[][] = [];
  try {
    for (const message of testCase.turns) {
      const events: TraceEvent[] = [];
      const gate = caseGate(testCase.tools, runtime, Boolean(options.approve), recorded);
      const handle = startRun(runtime, {
        history: historyFromEvents(turns.flat()),
        message,
        sessionId: `test-${Date.now()}`,
        personaId: null,
        personaName: persona.name,
        onEvent: (e) => events.push(e),
        openDebugger: async () => ({ session: { tools: gate }, dispose: () => undefined }),
      });
      const outcome = await handle.done;
      turns.push(events);
      if (outcome.status !== 'finished') break;
    }
  } finally {
    await built.close();
  }
  const run = caseRunFrom(turns);
  const assertions = checkAssertions(testCase.assertions, run);
  return { passed: assertions.every((a) => a.ok), assertions, durationMs: run.durationMs, events: turns };
}

/** Runs the cases of the suites (at most `concurrency` runs at a time) and answers their results in suite order. */
export async function runSuites(suites: LoadedSuite[], options: RunSuitesOptions): Promise<CaseResult[]> {
  const jobs: { loaded: LoadedSuite; testCase: SuiteCase; persona: PersonaFile; programs: ProgramPolicy }[] = [];
  for (const loaded of suites) {
    const ref = personaRefOf(loaded);
    let persona: PersonaFile;
    try {
      persona = loaded.suite.version
        ? await readPersonaVersion(ref, loaded.suite.version, options.dataDir)
        : await readPersonaRef(ref, options.dataDir);
    } catch (error) {
      throw new SuiteInputError(loaded.file, (error as Error).message, null, 'persona');
    }
    const programs = options.programs ? await options.programs(ref, persona) : new Set<string>();
    for (const testCase of loaded.suite.cases) {
      if (options.filter && !testCase.name.includes(options.filter)) continue;
      jobs.push({ loaded, testCase, persona, programs });
    }
  }
  const results: CaseResult[] = new Array(jobs.length);
  const tasks = jobs.flatMap((job, j) => Array.from({ length: job.testCase.repeat }, () => j));
  const attempts: CaseAttempt[][] = jobs.map(() => []);
  const remaining = jobs.map((job) => job.testCase.repeat);
  const started = jobs.map(() => false);
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const j = tasks[next++];
      const { loaded, testCase, persona, programs } = jobs[j];
      if (!started[j]) {
        started[j] = true;
        options.onStart?.({ suite: loaded.file, name: testCase.name });
      }
      attempts[j].push(
        await attempt(loaded.file, persona, testCase, programs, options).catch((error: unknown) => {
          // A persona this app cannot run is bad input, not a failed case: no other run starts.
          if (error instanceof StudioError && error.code === 'persona_invalid') {
            next = tasks.length;
            throw new SuiteInputError(loaded.file, error.message, null, 'persona');
          }
          return {
            passed: false,
            assertions: [{ ok: false, label: 'run started', message: (error as Error).message }],
            durationMs: 0,
            events: [],
          };
        }),
      );
      if (--remaining[j] > 0) continue;
      const passedRuns = attempts[j].filter((a) => a.passed).length;
      results[j] = {
        suite: loaded.file,
        name: testCase.name,
        passed: passedRuns >= Math.ceil(testCase.threshold * testCase.repeat - 1e-9),
        passedRuns,
        runs: testCase.repeat,
        threshold: testCase.threshold,
        durationMs: attempts[j].reduce((s, a) => s + a.durationMs, 0),
        attempts: attempts[j],
      };
      options.onResult?.(results[j]);
    }
  };
  const width = Math.max(1, Math.min(options.concurrency ?? 4, tasks.length));
  await Promise.all(Array.from({ length: width }, worker));
  return results;
}
