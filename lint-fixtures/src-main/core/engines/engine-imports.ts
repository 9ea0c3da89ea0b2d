// A loop engine that knows personas, the app and the API (engines/run-chat <-> personas/runtime was one).
import { executeToolCall } from '../toolbox';
import type { ChatEngine } from '../brains/chat-engine';
import { buildPersonaRuntime } from '../personas/runtime'; // expect: engines
import { startRun } from '../app/run-chat'; // expect: engines, app-api
import type { Handlers } from '../api/dispatch'; // expect: engines, app-api

export async function later(): Promise<unknown> {
  const { RuntimeCache } = await import('../app/runtime-cache'); // expect: engines, app-api
  return [executeToolCall, buildPersonaRuntime, startRun, RuntimeCache] as unknown as [ChatEngine, Handlers];
}
