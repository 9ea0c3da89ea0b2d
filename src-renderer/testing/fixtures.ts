import type { PausedAtTool, PauseState } from '../../shared/domain/debug';
import type { ToolboxInfo, ToolInfo } from '../../shared/domain/tool';
import type { SessionSummary } from '../../shared/ipc/contract';
import type { RowUi } from '../features/chat/TraceRowView';

/** A maker of test values: the defaults, with any fields the test gives instead. */
function fixture<T extends object>(defaults: T): (over?: Partial<T>) => T {
  return (over = {}) => ({ ...defaults, ...over });
}

/** A tool as main lists it, named `name` (also its model name), in toolbox `math` unless `over` says otherwise. */
export function toolInfo(name: string, over: Partial<ToolInfo> = {}): ToolInfo {
  return {
    name,
    modelName: name,
    description: '',
    argument_schema: {},
    output_schema: {},
    toolboxId: 'math',
    openai: { type: 'function', function: { name } },
    ...over,
  };
}

/** A loaded builtin toolbox `math` ("Math") with no config and no error; `over` changes any field. */
export const toolboxInfo = fixture<ToolboxInfo>({
  toolboxId: 'math',
  title: 'Math',
  description: '',
  source: 'builtin',
  configSchema: {},
  config: {},
  error: null,
  tools: [],
});

/** Run r1 of session s1 (persona calc) paused at a breakpoint before `add({a: 2, b: 3})`, the only call. */
export function toolPause(over: Partial<PauseState> = {}, at: Partial<PausedAtTool> = {}): PauseState {
  return {
    pauseId: 'p1',
    runId: 'r1',
    sessionId: 's1',
    personaId: 'calc',
    iteration: 1,
    reason: 'breakpoint',
    since: 1,
    at: {
      kind: 'tool',
      toolCallId: 'c1',
      name: 'add',
      toolboxId: 'math',
      arguments: { a: 2, b: 3 },
      ranArguments: null,
      argumentSchema: { type: 'object' },
      outputSchema: { type: 'object' },
      error: null,
      index: 0,
      count: 1,
      ...at,
    },
    ...over,
  };
}

/** Stored session s1 of persona calc ("C"), one run. */
export const sessionSummary = fixture<SessionSummary>({
  sessionId: 's1',
  personaId: 'calc',
  personaName: 'C',
  title: 't',
  startedAt: 1,
  updatedAt: 2,
  runs: 1,
});

/** What `chat.loadSession` returns for stored session `sessionId` (a `sessionSummary`) with no events. */
export function loadedSession(sessionId: string, over: Partial<SessionSummary> = {}) {
  return { session: sessionSummary({ sessionId, ...over }), events: [], warnings: [], interruptedRunIds: [] };
}

/** Main's answers for Save as test on persona calc with no suite and no history yet; the drafted case is `testCase`. */
export function saveAsTestHandlers(
  testCase: Record<string, unknown> = { name: 'c', turns: ['hi'], assertions: [{ type: 'no_tool_errors' }] },
) {
  return {
    'tests.draft': () => ({ personaId: 'calc', suiteFile: '/d/calc.suite.json', case: testCase }),
    'tests.suites': () => ({ suites: [] }),
    'tests.history': () => ({ results: [] }),
  };
}

/** Trace rows' UI state for a test or a bench: nothing collapsed, no raw view open, every action a no-op. */
export const inertRowUi: RowUi = {
  collapsed: () => false,
  rawOpen: () => false,
  toggleCollapsed: () => undefined,
  toggleRaw: () => undefined,
  openTool: () => undefined,
};
