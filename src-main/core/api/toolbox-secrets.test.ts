import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApp, type App } from './app';
import { dispatch } from './dispatch';

let app: App;

beforeEach(async () => {
  app = await createApp({ dataDir: mkdtempSync(path.join(os.tmpdir(), 'ps-tb-secrets-')), mode: 'browser' });
});

afterEach(async () => {
  await app.close();
});

describe('toolboxes.list for a persona', () => {
  it("shows each toolbox's config without its stored API keys (secrets never go to the window)", async () => {
    const persona = {
      name: 'T',
      handlers: ['ovos-native-toolcall-loop'],
      'ovos-native-toolcall-loop': {
        toolboxes: ['ovos-math-tools'],
        'ovos-math-tools': { api_key: 'sk-toolbox-secret', note: 'kept' },
      },
    };
    const saved = await dispatch(
      app.handlers,
      { id: 1, method: 'personas.save', input: { id: 't', persona } },
      { transport: 'test' },
    );
    expect(saved).toMatchObject({
      ok: true,
      output: { secretsSet: ['ovos-native-toolcall-loop.ovos-math-tools.api_key'] },
    });
    const listed = await dispatch(
      app.handlers,
      { id: 2, method: 'toolboxes.list', input: { personaId: 't' } },
      { transport: 'test', validateOutput: true },
    );
    expect(listed.ok).toBe(true);
    expect(JSON.stringify(listed)).not.toContain('sk-toolbox-secret');
    const math = (
      listed as { output: { toolboxes: Array<{ toolboxId: string; config: Record<string, unknown> }> } }
    ).output.toolboxes.find((t) => t.toolboxId === 'ovos-math-tools');
    expect(math?.config).toMatchObject({ note: 'kept' });
  });
});
