import type { BrainDescriptor } from './brain-descriptor';
import { createBrainFrom } from './brain-descriptor';
import type { ChatEngine } from './chat-engine';
import { openAIBrain } from './openai';
import { replayBrain } from './replay-brain';

export { BrainError } from './brain-error';
export type { BrainMessage, ChatEngine, ChatOptions } from './chat-engine';
export { OpenAIBrain, normalizeApiUrl, OPENAI_BRAIN_ID, openAIBrain, probeBrain } from './openai';
export { ReplayBrain, REPLAY_BRAIN_ID, replayBrain } from './replay-brain';
export {
  createBrainFrom,
  defineBrain,
  type BrainDescriptor,
  type ProbeInput,
  type ProbeResult,
} from './brain-descriptor';

/** The brains shipped with the app, in the order the editor lists them. To add one: its module exports a descriptor; list it here. */
export const BUILTIN_BRAINS: BrainDescriptor[] = [openAIBrain, replayBrain];

/** A built-in brain from its id and config block; null for an id this app does not implement. */
export function createBrain(id: string, config: Record<string, unknown> = {}): ChatEngine | null {
  const descriptor = BUILTIN_BRAINS.find((b) => b.id === id);
  return descriptor ? createBrainFrom(descriptor, config) : null;
}
