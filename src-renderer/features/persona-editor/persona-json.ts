import type { PersonaDraft } from '../../lib/persona-model';

/** The persona file as it is written, API keys masked. */
export function personaJsonText(p: PersonaDraft): string {
  return JSON.stringify(p, (k, v) => (k === 'api_key' && typeof v === 'string' && v ? '••••••••' : v), 2);
}
