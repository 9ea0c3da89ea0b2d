import { describe, expect, it } from 'vitest';
import type { PersonaFile } from '../../../shared/domain/persona';
import { RerunTarget } from '../../../shared/domain/time-travel';
import { withTarget } from './rerun-session';

const persona: PersonaFile = {
  name: 'P',
  handlers: ['ovos-native-toolcall-loop'],
  'ovos-native-toolcall-loop': {
    brain: 'ovos-chat-openai-plugin',
    toolboxes: ['ovos-math-tools'],
    'ovos-chat-openai-plugin': { model: 'a', api_url: 'http://x/v1' },
  },
};
const target = (t: object) => RerunTarget.parse(t);

describe('withTarget', () => {
  it('sets the model in the brain block where it is, and leaves the original alone', () => {
    const out = withTarget(persona, target({ model: 'b' })) as Record<string, Record<string, Record<string, unknown>>>;
    expect(out['ovos-native-toolcall-loop']['ovos-chat-openai-plugin']).toEqual({ model: 'b', api_url: 'http://x/v1' });
    expect(
      (persona['ovos-native-toolcall-loop'] as Record<string, Record<string, unknown>>)['ovos-chat-openai-plugin']
        .model,
    ).toBe('a');
  });

  it('another engine takes the old engine block (brain, toolboxes) when the persona has none for it', () => {
    const out = withTarget(persona, target({ engine: 'ovos-react-loop', model: 'c' })) as Record<string, unknown>;
    expect(out.handlers).toEqual(['ovos-react-loop', 'ovos-native-toolcall-loop']);
    expect(out['ovos-react-loop']).toMatchObject({
      brain: 'ovos-chat-openai-plugin',
      toolboxes: ['ovos-math-tools'],
      'ovos-chat-openai-plugin': { model: 'c' },
    });
  });
});
