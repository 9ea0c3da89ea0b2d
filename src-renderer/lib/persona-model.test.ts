import { describe, expect, it } from 'vitest';
import {
  apiKeyPath,
  brainBlockOf,
  engineIdOf,
  newPersona,
  patchBrain,
  setToolboxConfig,
  setToolboxEnabled,
  switchEngine,
  toolboxIdsOf,
  type PersonaDraft,
} from './persona-model';
import { baseUrl, providerOf } from './providers';
import { validateDraft } from './persona-validate';

const seed: PersonaDraft = {
  _comment: 'kept as it is',
  name: 'Calculator',
  solvers: ['ovos-native-toolcall-loop'],
  'ovos-native-toolcall-loop': {
    brain: 'ovos-chat-openai-plugin',
    max_iterations: 5,
    toolboxes: ['ovos-math-tools'],
    'ovos-chat-openai-plugin': {
      model: 'qwen2.5',
      api_url: 'http://localhost:11434/v1/chat/completions',
      api_key: 'not-needed-for-local',
    },
  },
};

describe('persona model (the OVOS persona file shape)', () => {
  it('reads the engine from legacy solvers and the brain block nested in the engine block', () => {
    expect(engineIdOf(seed)).toBe('ovos-native-toolcall-loop');
    expect(brainBlockOf(seed)).toMatchObject({ model: 'qwen2.5' });
    expect(apiKeyPath(seed)).toBe('ovos-native-toolcall-loop.ovos-chat-openai-plugin.api_key');
  });

  it('switching the engine moves its block (brain and toolboxes included) and keeps unknown keys', () => {
    const react = switchEngine(seed, 'ovos-react-loop');
    expect(react.handlers).toEqual(['ovos-react-loop']);
    expect(react.solvers).toBeUndefined();
    expect(react['ovos-native-toolcall-loop']).toBeUndefined();
    expect(react['ovos-react-loop']).toEqual(seed['ovos-native-toolcall-loop']);
    expect(react._comment).toBe('kept as it is');
  });

  it('patches the brain without touching its other keys; empty values are removed', () => {
    const p = patchBrain(seed, { model: 'llama3.2', api_key: '' });
    expect(brainBlockOf(p)).toEqual({ model: 'llama3.2', api_url: 'http://localhost:11434/v1/chat/completions' });
    expect(brainBlockOf(seed).api_key).toBe('not-needed-for-local');
  });

  it('enables toolboxes and keeps their config blocks by toolbox id inside the engine block', () => {
    let p = setToolboxEnabled(seed, 'ovos-clock-tools', true);
    p = setToolboxConfig(p, 'ovos-clock-tools', { timezone: 'Europe/Lisbon' });
    expect(toolboxIdsOf(p)).toEqual(['ovos-math-tools', 'ovos-clock-tools']);
    expect((p['ovos-native-toolcall-loop'] as Record<string, unknown>)['ovos-clock-tools']).toEqual({
      timezone: 'Europe/Lisbon',
    });
    p = setToolboxEnabled(p, 'ovos-math-tools', false);
    expect(toolboxIdsOf(p)).toEqual(['ovos-clock-tools']);
  });

  it('a new persona is valid as it is, and an empty name or zero iterations are not', () => {
    expect(validateDraft(newPersona())).toEqual([]);
    const bad = validateDraft({ ...newPersona(''), 'ovos-native-toolcall-loop': { max_iterations: 0 } });
    expect(bad.map((i) => i.path.join('.'))).toEqual(
      expect.arrayContaining(['name', 'ovos-native-toolcall-loop.max_iterations']),
    );
  });
});

describe('provider presets', () => {
  it('recognise a preset from its base or full chat/completions URL', () => {
    expect(baseUrl('http://localhost:11434/v1/chat/completions')).toBe('http://localhost:11434/v1');
    expect(providerOf('http://localhost:11434/v1/chat/completions')).toBe('ollama');
    expect(providerOf('http://127.0.0.1:1234/v1/')).toBe('lmstudio');
    expect(providerOf('https://api.openai.com/v1')).toBe('openai');
    expect(providerOf('http://gpu-box:8000/v1')).toBe('custom');
  });
});
