import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { MethodInput, MethodName } from '../../../shared/ipc/contract';
import type { RpcResponse } from '../../../shared/ipc/envelope';
import { createApp, type App } from './app';
import { dispatch } from './dispatch';

const ENGINE = 'ovos-native-toolcall-loop';
const SECRETS = ['hdr-secret-1', 'env-secret-2', 'var-secret-3'];
let app: App;
let home: string;

function call<M extends MethodName>(method: M, input: MethodInput<M>): Promise<RpcResponse> {
  return dispatch(app.handlers, { id: 1, method, input }, { transport: 'test', validateOutput: true });
}
const persona = {
  name: 'Creds',
  handlers: [ENGINE],
  [ENGINE]: {
    toolboxes: ['ovos-mcp-toolbox:web', 'ovos-utcp-toolbox'],
    'ovos-mcp-toolbox:web': {
      transport: 'http',
      url: 'http://127.0.0.1:9/mcp',
      headers: { Authorization: `Bearer ${SECRETS[0]}` },
      timeout: 1,
    },
    'ovos-utcp-toolbox': {
      utcp_config: {
        manual_call_templates: [
          { name: 'w', call_template_type: 'http', http_method: 'GET', url: 'http://127.0.0.1:9/u' },
        ],
        variables: { API_TOKEN: SECRETS[2] },
      },
      timeout: 1,
    },
  },
  'ovos-mcp-toolbox:local': { command: 'node', args: ['server.js'], env: { GITHUB_TOKEN: SECRETS[1] } },
};
const leaks = (text: string) => SECRETS.filter((s) => text.includes(s));

beforeEach(async () => {
  home = mkdtempSync(path.join(os.tmpdir(), 'ps-secret-api-'));
  app = await createApp({ dataDir: home, mode: 'browser' });
  expect(await call('personas.save', { id: 'creds', persona })).toMatchObject({ ok: true });
});

afterEach(async () => {
  await app.close();
});

describe('credentials other than api_key (MCP headers and env, UTCP variables)', () => {
  it('are in the secret store, not in the persona file, personas.get or toolboxes.list', async () => {
    expect(leaks(readFileSync(path.join(home, 'personas', 'creds.json'), 'utf8'))).toEqual([]);
    expect(leaks(readFileSync(path.join(home, 'secrets.json'), 'utf8'))).toEqual(SECRETS);
    const got = await call('personas.get', { id: 'creds' });
    expect(leaks(JSON.stringify(got))).toEqual([]);
    expect((got as { output: { secretsSet: string[] } }).output.secretsSet).toEqual([
      'ovos-mcp-toolbox:local.env.GITHUB_TOKEN',
      `${ENGINE}.ovos-mcp-toolbox:web.headers.Authorization`,
      `${ENGINE}.ovos-utcp-toolbox.utcp_config.variables.API_TOKEN`,
    ]);
    const listed = await call('toolboxes.list', { personaId: 'creds' });
    expect(listed.ok).toBe(true);
    expect(leaks(JSON.stringify(listed))).toEqual([]);
  });

  it('are revealed one at a time on request, and only stored secret paths', async () => {
    expect(
      await call('personas.revealSecret', { id: 'creds', path: 'ovos-mcp-toolbox:local.env.GITHUB_TOKEN' }),
    ).toMatchObject({ ok: true, output: { value: SECRETS[1] } });
    expect(await call('personas.revealSecret', { id: 'creds', path: 'name' })).toMatchObject({
      ok: false,
      error: { code: 'not_found' },
    });
  });

  it('are exported only with withSecrets', async () => {
    expect(leaks(JSON.stringify(await call('personas.export', { id: 'creds' })))).toEqual([]);
    const full = await call('personas.export', { id: 'creds', withSecrets: true });
    expect(leaks((full as { output: { text: string } }).output.text)).toEqual(SECRETS);
  });

  it('are kept when the editor saves the persona back without them', async () => {
    const got = (await call('personas.get', { id: 'creds' })) as { output: { persona: Record<string, unknown> } };
    await call('personas.save', { id: 'creds', persona: got.output.persona as never });
    const full = await call('personas.export', { id: 'creds', withSecrets: true });
    expect(leaks((full as { output: { text: string } }).output.text)).toEqual(SECRETS);
  });
});
