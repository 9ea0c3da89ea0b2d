import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { MethodInput, MethodName, MethodOutput } from '../../../shared/ipc/contract';
import { createApp, type App } from './app';
import { dispatch } from './dispatch';

let app: App;
let dataDir: string;

async function call<M extends MethodName>(method: M, input: MethodInput<M>): Promise<MethodOutput<M>> {
  const answer = await dispatch(app.handlers, { id: 1, method, input }, { transport: 'test', validateOutput: true });
  if (!answer.ok) throw new Error(answer.error.message);
  return answer.output as MethodOutput<M>;
}

beforeEach(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'ps-switch-api-'));
  app = await createApp({ dataDir, mode: 'browser' });
});
afterEach(() => app.close());

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
