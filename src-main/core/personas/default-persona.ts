import { existsSync } from 'node:fs';
import { DEFAULT_API_URL, DEFAULT_BRAIN, DEFAULT_ENGINE } from '../../../shared/domain/persona';
import type { PersonaStore } from './persona-store';

/** The persona a new data folder starts with: the built-in math and clock tools on a local Ollama model. */
export const DEFAULT_PERSONA_ID = 'assistant';

export function defaultPersona(): Record<string, unknown> {
  return {
    name: 'Assistant',
    description: 'A helpful assistant with the math and clock tools, on a local model served by Ollama.',
    handlers: [DEFAULT_ENGINE],
    [DEFAULT_ENGINE]: {
      brain: DEFAULT_BRAIN,
      max_iterations: 5,
      system_prompt:
        'You are a helpful assistant. Use the math tools for arithmetic and the clock tools for dates and times instead of guessing.',
      toolboxes: ['ovos-math-tools', 'ovos-clock-tools'],
      [DEFAULT_BRAIN]: { model: 'qwen2.5', api_url: DEFAULT_API_URL },
    },
  };
}

/**
 * Seeds a new data folder with the default persona. Call it with `isNew` measured before the folder was
 * created, so a user who deleted every persona does not get it back.
 */
export async function seedDefaultPersona(store: PersonaStore, isNew: boolean): Promise<boolean> {
  if (!isNew || existsSync(store.fileOf(DEFAULT_PERSONA_ID))) return false;
  await store.save(DEFAULT_PERSONA_ID, defaultPersona());
  return true;
}
