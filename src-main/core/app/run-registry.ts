/** A run in flight, as the chat handlers keep it for chat.cancel. */
export interface ActiveRun {
  runId: string;
  sessionId: string;
  /** The client that started it (CallContext.client), when known. */
  client?: string;
  cancel(reason?: string): void;
}

/** The runs in flight, by run id; one run per session at a time. */
export interface RunRegistry {
  add(run: ActiveRun): void;
  remove(runId: string): void;
  get(runId: string): ActiveRun | undefined;
  inSession(sessionId: string): ActiveRun | undefined;
  /** The runs a client started. */
  ofClient(client: string): ActiveRun[];
  cancelAll(): void;
}

export function createRunRegistry(): RunRegistry {
  const runs = new Map<string, ActiveRun>();
  return {
    add: (run) => void runs.set(run.runId, run),
    remove: (runId) => void runs.delete(runId),
    get: (runId) => runs.get(runId),
    inSession: (sessionId) => [...runs.values()].find((r) => r.sessionId === sessionId),
    ofClient: (client) => [...runs.values()].filter((r) => r.client === client),
    cancelAll: () => {
      for (const run of runs.values()) run.cancel();
    },
  };
}
