import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach } from 'vitest';
import type { PauseState } from '../../../shared/domain/debug';
import type { TraceEvent } from '../../../shared/domain/trace';
import type { MethodInput, MethodName, MethodOutput } from '../../../shared/ipc/contract';
import type { RpcEvent, RpcResponse } from '../../../shared/ipc/envelope';
import { createApp, type App } from '../api/app';
import { dispatch } from '../api/dispatch';
import { until } from './until';
import { startScriptedOpenAIServer, type ScriptedServer, type ScriptedServerOptions } from './scripted-openai-server';

type AppOptions = Omit<Parameters<typeof createApp>[0], 'dataDir'>;

/**
 * An app behind the API on a fresh data folder, with a scripted OpenAI server and every event it sends recorded:
 * opened before each test of the file that calls this, closed after. Read the fields inside tests (they change).
 */
export function useAppKit(
  options: { prefix?: string; app?: Partial<AppOptions>; provider?: ScriptedServerOptions } = {},
) {
  const appOptions: AppOptions = { mode: 'browser', ...options.app };
  const kit = {
    app: undefined as unknown as App,
    provider: undefined as unknown as ScriptedServer,
    dataDir: '',
    events: [] as RpcEvent[],
    /** Opens the app on the data folder, recording its events. */
    async open(): Promise<App> {
      kit.app = await createApp({ dataDir: kit.dataDir, ...appOptions });
      kit.app.onEvent((e) => kit.events.push(e));
      return kit.app;
    },
    /** Closes the app and opens it again on the same data folder (what a restart keeps). */
    async restart(): Promise<App> {
      await kit.app.close();
      return kit.open();
    },
    /** One request through dispatch, as a transport sends it; the answer as it would go back. */
    call<M extends MethodName>(method: M, input: MethodInput<M>): Promise<RpcResponse> {
      return dispatch(kit.app.handlers, { id: 1, method, input }, { transport: 'test', validateOutput: true });
    },
    /** The output of a request that must succeed; a refusal throws its message, the error value as `value`. */
    async ok<M extends MethodName>(method: M, input: MethodInput<M>): Promise<MethodOutput<M>> {
      const response = await kit.call(method, input);
      if (!response.ok)
        throw Object.assign(new Error(`${method}: ${response.error.message}`), { value: response.error });
      return response.output as MethodOutput<M>;
    },
    /** The trace events sent so far, in order. */
    trace: (): TraceEvent[] =>
      kit.events.filter((e) => e.event === 'chat.trace').map((e) => (e.payload as { event: TraceEvent }).event),
    /** The pauses announced so far, in order. */
    paused: (): PauseState[] =>
      kit.events.filter((e) => e.event === 'debug.paused').map((e) => e.payload as PauseState),
    /** The event that ends run `runId` (finished, failed or cancelled), once it is sent. */
    runEnd: (runId: string): Promise<TraceEvent> =>
      until(() => kit.trace().find((e) => e.runId === runId && END_TYPES.includes(e.type)), 30_000),
  };
  beforeEach(async () => {
    kit.provider = await startScriptedOpenAIServer(options.provider);
    kit.dataDir = mkdtempSync(path.join(os.tmpdir(), `ps-${options.prefix ?? 'app'}-`));
    kit.events = [];
    await kit.open();
  });
  afterEach(async () => {
    await kit.app.close();
    await kit.provider.close();
  });
  return kit;
}

const END_TYPES: TraceEvent['type'][] = ['run_finished', 'run_failed', 'run_cancelled'];
