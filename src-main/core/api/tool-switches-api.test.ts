import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { useAppKit } from '../testing/app-kit';

const kit = useAppKit({ prefix: 'switch-api' });
const { ok: call } = kit;

const brain = 'ovos-chat-openai-plugin';

describe('tools.setEnabled', () => {
  it('turns a tool off and on in the persona file, keeps its stored key, and the Tools list follows', async () => {
    const { id } = await call('personas.save', {
      persona: {
        name: 'Calc',
        handlers: ['ovos-native-toolcall-loop'],
        'ovos-native-toolcall-loop': {
          brain,
          toolboxes: ['ovos-math-tools'],
          [brain]: { model: 'm', api_url: 'http://127.0.0.1:9/v1', api_key: 'sk-kept' },
        },
      },
    });
    const off = await call('tools.setEnabled', {
      personaId: id,
      toolboxId: 'ovos-math-tools',
      name: 'unit_convert',
      enabled: false,
    });
    expect(off.persona.persona_studio).toEqual({ tools: { disabled: ['ovos-math-tools/unit_convert'] } });
    expect(off.secretsSet).toEqual([`ovos-native-toolcall-loop.${brain}.api_key`]);
    const file = JSON.parse(readFileSync(off.path, 'utf8'));
    expect(file.persona_studio.tools.disabled).toEqual(['ovos-math-tools/unit_convert']);
    expect(JSON.stringify(file)).not.toContain('sk-kept');
    const listed = await call('toolboxes.list', { personaId: id });
    const tools = listed.toolboxes[0].tools;
    expect(tools.find((t) => t.name === 'unit_convert')?.disabled).toBe(true);
    expect(tools.find((t) => t.name === 'evaluate_expression')?.disabled).toBeUndefined();

    const on = await call('tools.setEnabled', {
      personaId: id,
      toolboxId: 'ovos-math-tools',
      name: 'unit_convert',
      enabled: true,
    });
    expect(on.persona.persona_studio).toBeUndefined();
    const again = await call('toolboxes.list', { personaId: id });
    expect(again.toolboxes[0].tools.some((t) => t.disabled)).toBe(false);
  });
});
