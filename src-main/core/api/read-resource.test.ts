import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { MethodInput, MethodName, MethodOutput } from '../../../shared/ipc/contract';
import type { RpcResponse } from '../../../shared/ipc/envelope';
import { createApp, type App } from './app';
import { dispatch } from './dispatch';

const EVERYTHING = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@modelcontextprotocol/server-everything/package.json')),
  'dist',
  'index.js',
);

let app: App;

function call<M extends MethodName>(method: M, input: MethodInput<M>): Promise<RpcResponse> {
  return dispatch(app.handlers, { id: 1, method, input }, { transport: 'test', validateOutput: true });
}
async function ok<M extends MethodName>(method: M, input: MethodInput<M>): Promise<MethodOutput<M>> {
  const response = await call(method, input);
  if (!response.ok) throw new Error(`${method}: ${response.error.message}`);
  return response.output as MethodOutput<M>;
}

beforeEach(async () => {
  app = await createApp({ dataDir: mkdtempSync(path.join(os.tmpdir(), 'ps-read-resource-')), mode: 'browser' });
  await ok('personas.save', {
    id: 'r',
    persona: {
      name: 'R',
      handlers: ['ovos-native-toolcall-loop'],
      'ovos-native-toolcall-loop': {
        toolboxes: ['ovos-mcp-toolbox', 'ovos-math-tools'],
        'ovos-mcp-toolbox': { command: process.execPath, args: [EVERYTHING, 'stdio'] },
      },
    },
  });
});
afterEach(async () => app.close());

describe('tools.readResource (the Open of a resource in a tool result)', () => {
  it('reads a resource link of a result through its MCP server, only once its program is approved', async () => {
    const before = await call('tools.readResource', {
      personaId: 'r',
      toolboxId: 'ovos-mcp-toolbox',
      uri: 'demo://resource/dynamic/text/1',
    });
    expect(before).toMatchObject({ ok: false, error: { code: 'approval_required' } });

    const { programs } = await ok('approvals.list', { id: 'r' });
    await ok('approvals.approve', { id: 'r', fingerprints: programs.map((p) => p.fingerprint) });
    const called = await ok('tools.call', {
      personaId: 'r',
      toolboxId: 'ovos-mcp-toolbox',
      name: 'get-resource-links',
      arguments: { count: 2 },
    });
    const links = (called.result as { raw: Array<{ type: string; uri?: string }> }).raw.filter(
      (b) => b.type === 'resource_link',
    );
    expect(links).toHaveLength(2);

    const textUri = links.map((l) => l.uri!).find((u) => u.includes('/text/'))!;
    const blobUri = links.map((l) => l.uri!).find((u) => u.includes('/blob/'))!;
    const text = await ok('tools.readResource', { personaId: 'r', toolboxId: 'ovos-mcp-toolbox', uri: textUri });
    expect(text.contents).toEqual([
      { uri: textUri, mimeType: 'text/plain', text: expect.stringMatching(/^Resource \d: This is a plaintext/) },
    ]);
    const blob = await ok('tools.readResource', { personaId: 'r', toolboxId: 'ovos-mcp-toolbox', uri: blobUri });
    expect(Buffer.from(blob.contents[0].blob!, 'base64').toString()).toMatch(/^Resource \d: This is a base64 blob/);
  });

  it("says why it cannot read: the server's own error, a toolbox without resources, a toolbox not in the persona", async () => {
    const { programs } = await ok('approvals.list', { id: 'r' });
    await ok('approvals.approve', { id: 'r', fingerprints: programs.map((p) => p.fingerprint) });
    const unknown = await call('tools.readResource', {
      personaId: 'r',
      toolboxId: 'ovos-mcp-toolbox',
      uri: 'demo://resource/dynamic/text/0',
    });
    expect(unknown).toMatchObject({
      ok: false,
      error: {
        code: 'tool_execution_failed',
        message: "Could not read the resource 'demo://resource/dynamic/text/0'.",
      },
    });
    expect(JSON.stringify(unknown)).toMatch(/could not read 'demo:\/\/resource\/dynamic\/text\/0'/);
    const math = await call('tools.readResource', { personaId: 'r', toolboxId: 'ovos-math-tools', uri: 'x://y' });
    expect(math).toMatchObject({
      ok: false,
      error: {
        code: 'bad_input',
        message: "Toolbox 'ovos-math-tools' has no resources to read: it is not an MCP server.",
      },
    });
    const missing = await call('tools.readResource', { personaId: 'r', toolboxId: 'nope', uri: 'x://y' });
    expect(missing).toMatchObject({ ok: false, error: { code: 'not_found' } });
  });
});
