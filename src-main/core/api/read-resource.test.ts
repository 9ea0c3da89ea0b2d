import path from 'node:path';
import { createRequire } from 'node:module';
import { beforeEach, describe, expect, it } from 'vitest';
import { useAppKit } from '../testing/app-kit';

const EVERYTHING = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@modelcontextprotocol/server-everything/package.json')),
  'dist',
  'index.js',
);

const kit = useAppKit({ prefix: 'read-resource' });
const { call, ok } = kit;

/** tools.readResource for persona `r`: the Open of a resource link in its toolbox `toolboxId`. */
const read = (toolboxId: string, uri: string) => call('tools.readResource', { personaId: 'r', toolboxId, uri });

/** Approves the persona's program (the MCP server), as the user does in the window. */
async function approveServer(): Promise<void> {
  const { programs } = await ok('approvals.list', { id: 'r' });
  await ok('approvals.approve', { id: 'r', fingerprints: programs.map((p) => p.fingerprint) });
}

beforeEach(async () => {
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

describe('tools.readResource (the Open of a resource in a tool result)', () => {
  it('reads a resource link of a result through its MCP server, only once its program is approved', async () => {
    const before = await read('ovos-mcp-toolbox', 'demo://resource/dynamic/text/1');
    expect(before).toMatchObject({ ok: false, error: { code: 'approval_required' } });

    await approveServer();
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
    await approveServer();
    const unknown = await read('ovos-mcp-toolbox', 'demo://resource/dynamic/text/0');
    expect(unknown).toMatchObject({
      ok: false,
      error: {
        code: 'tool_execution_failed',
        message: "Could not read the resource 'demo://resource/dynamic/text/0'.",
      },
    });
    expect(JSON.stringify(unknown)).toMatch(/could not read 'demo:\/\/resource\/dynamic\/text\/0'/);
    const math = await read('ovos-math-tools', 'x://y');
    expect(math).toMatchObject({
      ok: false,
      error: {
        code: 'bad_input',
        message: "Toolbox 'ovos-math-tools' has no resources to read: it is not an MCP server.",
      },
    });
    const missing = await read('nope', 'x://y');
    expect(missing).toMatchObject({ ok: false, error: { code: 'not_found' } });
  });
});
