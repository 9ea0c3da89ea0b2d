import { existsSync, mkdtempSync, readFileSync, realpathSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { createBrain, OPENAI_BRAIN_ID } from '../../brains';
import { startScriptedOpenAIServer } from '../../testing/scripted-openai-server';
import { executeToolCall, ToolRegistry } from '../../toolbox';
import { allowSampling } from './headless';
import { MCPToolBox } from './index';

const everything = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@modelcontextprotocol/server-everything/package.json')),
  'dist/index.js',
);
const open: MCPToolBox[] = [];

/** server-everything over stdio, as a persona's toolbox would start it. */
function everythingToolbox(extra: Record<string, unknown> = {}, options: Record<string, unknown> = {}) {
  const tb = new MCPToolBox({
    config: { command: process.execPath, args: [everything, 'stdio'], ...extra },
    ...options,
  });
  open.push(tb);
  return tb;
}

afterEach(async () => {
  await Promise.all(open.splice(0).map((tb) => tb.close()));
});

describe('MCP resources and prompts (server-everything)', () => {
  test('lists resources and templates, reads a resource and a filled template', async () => {
    const tb = everythingToolbox();
    await tb.ready;
    const { resources, templates } = await tb.listResources();
    expect(resources.length).toBeGreaterThan(0);
    const doc = resources.find((r) => r.uri.startsWith('demo://resource/static/document/'))!;
    expect(doc).toBeDefined();
    const read = await tb.readResource({ uri: doc.uri });
    expect(read.uri).toBe(doc.uri);
    expect(read.contents[0].text?.length).toBeGreaterThan(10);

    const text = templates.find((t) => t.uriTemplate.includes('dynamic/text'))!;
    expect(text.variables).toEqual(['resourceId']);
    const filled = await tb.readResource({ uriTemplate: text.uriTemplate, arguments: { resourceId: '7' } });
    expect(filled.uri).toBe('demo://resource/dynamic/text/7');
    expect(filled.contents[0].text).toContain('7');

    const blob = templates.find((t) => t.uriTemplate.includes('dynamic/blob'))!;
    const bin = await tb.readResource({ uriTemplate: blob.uriTemplate, arguments: { resourceId: '2' } });
    expect(typeof bin.contents[0].blob).toBe('string');
  });

  test('lists prompts and gets one with arguments: its messages', async () => {
    const tb = everythingToolbox();
    await tb.ready;
    const prompts = await tb.listPrompts();
    const args = prompts.find((p) => p.name === 'args-prompt')!;
    expect(args.arguments?.map((a) => [a.name, a.required ?? false])).toEqual([
      ['city', true],
      ['state', false],
    ]);
    const got = await tb.getPrompt('args-prompt', { city: 'Lisbon' });
    expect(got.messages).toHaveLength(1);
    expect(got.messages[0].role).toBe('user');
    expect(JSON.stringify(got.messages[0].content)).toContain('Lisbon');
  });
});

describe('MCP roots (server-filesystem)', () => {
  test("offers the config's roots: the server works in them instead of its command-line folder", async () => {
    const started = mkdtempSync(path.join(os.tmpdir(), 'ps-roots-arg-'));
    const root = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'ps-roots-root-')));
    const filesystem = createRequire(import.meta.url).resolve('@modelcontextprotocol/server-filesystem/dist/index.js');
    const tb = new MCPToolBox({ config: { command: process.execPath, args: [filesystem, started], roots: [root] } });
    open.push(tb);
    await tb.ready;
    expect(tb.discoveryError).toBeNull();
    let listed = '';
    for (let i = 0; i < 40 && !listed.includes(root); i++) {
      listed = String((await tb.callTool('list_allowed_directories', {})).content);
      if (!listed.includes(root)) await new Promise((r) => setTimeout(r, 100));
    }
    expect(listed).toContain(root);
    expect(listed).not.toContain(started);
  });
});

describe('MCP server requests without a window (command line, MCP server mode)', () => {
  test('elicitation and sampling are declined with a message the server reports', async () => {
    const tb = everythingToolbox();
    await tb.ready;
    const elicit = JSON.stringify(await tb.callTool('trigger-elicitation-request', {}));
    expect(elicit).toContain('runs without a window here');
    const sample = JSON.stringify(await tb.callTool('trigger-sampling-request', { prompt: 'hi' }));
    expect(sample).toContain('--allow-sampling');
  });

  test("--allow-sampling: the persona's brain answers without asking", async () => {
    const llm = await startScriptedOpenAIServer({ replies: [{ content: 'Headless sample.' }] });
    try {
      const brain = createBrain(OPENAI_BRAIN_ID, { api_url: llm.url, model: 'scripted' });
      const tb = everythingToolbox({}, { brain });
      await tb.ready;
      allowSampling([tb]);
      const result = await tb.callTool('trigger-sampling-request', { prompt: 'hi' });
      expect(result.content).toContain('Headless sample.');
      expect(llm.chatRequests).toHaveLength(1);
    } finally {
      await llm.close();
    }
  });
});

describe('time spent answering a server does not count against the call', () => {
  test("an elicitation answered after both timeouts' length still completes the call", async () => {
    const tb = everythingToolbox({ timeout: 1 });
    tb.setHost({
      elicit: async () => {
        await new Promise((r) => setTimeout(r, 2500));
        return { action: 'accept', content: { name: 'Slow Typist' } };
      },
      approveSampling: async () => false,
    });
    await tb.ready;
    const run = await executeToolCall(new ToolRegistry([tb]), 'trigger-elicitation-request', {}, { timeoutMs: 1000 });
    expect(run.ok).toBe(true);
    expect(JSON.stringify(run.ok && run.result)).toContain('Slow Typist');
    // Without a dialog the server's timeout still applies.
    const slow = await executeToolCall(
      new ToolRegistry([tb]),
      'trigger-long-running-operation',
      { duration: 3, steps: 1 },
      { timeoutMs: 10_000 },
    );
    expect(slow.ok).toBe(false);
    expect(!slow.ok && JSON.stringify(slow.error)).toContain('did not answer the call');
  });
});

describe('cancelling a call', () => {
  test('the server receives notifications/cancelled, and the call ends as cancelled', async () => {
    const marker = path.join(mkdtempSync(path.join(os.tmpdir(), 'ps-cancel-')), 'marker.txt');
    const fixture = new URL('./fixtures/cancel-stdio.ts', import.meta.url).pathname;
    const tb = new MCPToolBox({
      config: { command: process.execPath, args: ['--import', 'tsx', fixture], env: { CANCEL_MARKER: marker } },
    });
    open.push(tb);
    await tb.ready;
    const controller = new AbortController();
    const running = executeToolCall(new ToolRegistry([tb]), 'wait', {}, { signal: controller.signal });
    await new Promise((r) => setTimeout(r, 300));
    controller.abort();
    await expect(running).rejects.toMatchObject({ code: 'cancelled' });
    for (let i = 0; i < 50 && !existsSync(marker); i++) await new Promise((r) => setTimeout(r, 50));
    expect(readFileSync(marker, 'utf8')).toMatch(/^cancelled/);
  });

  test("with the server's timeout equal to the loop's (both 30 s by default), the loop's tool_timeout is what shows", async () => {
    const marker = path.join(mkdtempSync(path.join(os.tmpdir(), 'ps-cancel-')), 'marker.txt');
    const fixture = new URL('./fixtures/cancel-stdio.ts', import.meta.url).pathname;
    const tb = new MCPToolBox({
      config: {
        command: process.execPath,
        args: ['--import', 'tsx', fixture],
        env: { CANCEL_MARKER: marker },
        timeout: 2,
      },
    });
    open.push(tb);
    await tb.ready;
    const run = await executeToolCall(new ToolRegistry([tb]), 'wait', {}, { timeoutMs: 2000 });
    expect(run).toMatchObject({ ok: false, error: { code: 'tool_timeout' } });
  });

  test("the loop's tool timeout also cancels the call on the server, and reads as a timeout", async () => {
    const marker = path.join(mkdtempSync(path.join(os.tmpdir(), 'ps-cancel-')), 'marker.txt');
    const fixture = new URL('./fixtures/cancel-stdio.ts', import.meta.url).pathname;
    const tb = new MCPToolBox({
      config: { command: process.execPath, args: ['--import', 'tsx', fixture], env: { CANCEL_MARKER: marker } },
    });
    open.push(tb);
    await tb.ready;
    const run = await executeToolCall(new ToolRegistry([tb]), 'wait', {}, { timeoutMs: 300 });
    expect(run).toMatchObject({ ok: false, error: { code: 'tool_timeout' } });
    for (let i = 0; i < 50 && !existsSync(marker); i++) await new Promise((r) => setTimeout(r, 50));
    expect(readFileSync(marker, 'utf8')).toMatch(/^cancelled/);
  });
});
