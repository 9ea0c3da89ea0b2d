import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import type { TraceEvent } from '../shared/domain/trace';
import { OpenAIBrain } from '../src-main/core/brains/openai/openai-brain';
import { NativeToolCallEngine } from '../src-main/core/engines/native-loop';
import { ReActLoopEngine } from '../src-main/core/engines/react-loop';
import { RunTracer } from '../src-main/core/engines/run-tracer';
import { startScriptedOpenAIServer, type ScriptedServer } from '../src-main/core/testing/scripted-openai-server';
import { ToolRegistry } from '../src-main/core/toolbox';
import { MCPToolBox } from '../src-main/core/toolboxes/mcp';

/** What the model gets of MCP tool results (issue 14.2), asserted on the requests a real loopback provider received. */
const require = createRequire(import.meta.url);
const serverScript = (pkg: string) =>
  path.join(path.dirname(require.resolve(`${pkg}/package.json`)), 'dist', 'index.js');
const EVERYTHING = serverScript('@modelcontextprotocol/server-everything');
const FILESYSTEM = serverScript('@modelcontextprotocol/server-filesystem');

/** A PNG of 97,382 bytes ("95.1 KB"): the signature, then filler. */
const PNG_BYTES = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(97_374, 3),
]);
const PNG_B64 = PNG_BYTES.toString('base64');

let dir: string;
let files: MCPToolBox;
let everything: MCPToolBox;
let provider: ScriptedServer;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'ps-feed-'));
  await writeFile(path.join(dir, 'photo.png'), PNG_BYTES);
  await writeFile(path.join(dir, 'big.txt'), 'line of text\n'.repeat(4000));
  files = new MCPToolBox({ config: { command: process.execPath, args: [FILESYSTEM, dir] }, toolboxId: 'files' });
  everything = new MCPToolBox({ config: { command: process.execPath, args: [EVERYTHING, 'stdio'] }, toolboxId: 'all' });
  provider = await startScriptedOpenAIServer();
  await Promise.all([files.ready, everything.ready]);
}, 60_000);
afterAll(async () => {
  await Promise.all([files?.close(), everything?.close(), provider?.close()]);
  await rm(dir, { recursive: true, force: true });
});

type Wire = { role: string; content: unknown; tool_call_id?: string };

async function runNative(
  vision: boolean,
  toolCalls: { name: string; arguments: object }[],
  maxToolResultChars?: number,
) {
  provider.reset();
  provider.setReplies({ toolCalls }, { content: 'Seen.' });
  const registry = new ToolRegistry([files, everything]);
  const brain = new OpenAIBrain({ model: 'm', api_url: provider.url, vision, timeout: 20 });
  const events: TraceEvent[] = [];
  const tracer = new RunTracer('run-1', (e) => events.push(e));
  await new NativeToolCallEngine({ brain, registry, stream: false, toolTimeoutMs: 20_000, maxToolResultChars }).run(
    [{ role: 'user', content: 'Look at it.' }],
    { tracer },
  );
  const messages = provider.chatRequests[1].body.messages as Wire[];
  return { messages, events, raw: provider.chatRequests[1].rawBody };
}

const toolMessages = (messages: Wire[]) => messages.filter((m) => m.role === 'tool');

describe('images from MCP tools reach the model as it can take them', () => {
  test("server-filesystem's read_media_file: a stub for a brain without vision, no base64 anywhere", async () => {
    const { messages, raw, events } = await runNative(false, [
      { name: 'read_media_file', arguments: { path: path.join(dir, 'photo.png') } },
    ]);
    const [tool] = toolMessages(messages);
    expect(tool.content).toBe('[image: image/png, 95.1 KB, not shown to this model]');
    expect(raw).not.toContain(PNG_B64.slice(0, 100));
    expect(messages.at(-1)).toBe(tool);
    // The trace keeps the whole result, image data included.
    const result = events.find((e) => e.type === 'tool_result')!;
    expect(JSON.stringify(result)).toContain(PNG_B64);
  }, 30_000);

  test('the same image goes to a vision brain as an image_url part in a user message after the TOOL messages', async () => {
    const { messages } = await runNative(true, [
      { name: 'read_media_file', arguments: { path: path.join(dir, 'photo.png') } },
      { name: 'get-tiny-image', arguments: {} },
    ]);
    const tools = toolMessages(messages);
    expect(tools).toHaveLength(2);
    expect(tools[0].content).toBe('[image 1: image/png, 95.1 KB, attached in the next message]');
    expect(tools[1].content).toMatch(/\[image 2: image\/png, [\d.]+ (B|KB), attached in the next message\]/);
    for (const t of tools) expect(JSON.stringify(t)).not.toMatch(/[A-Za-z0-9+/]{200}/);
    const images = messages.at(-1)!;
    expect(messages.indexOf(images)).toBe(messages.indexOf(tools[1]) + 1);
    expect(images.role).toBe('user');
    const parts = images.content as { type: string; text?: string; image_url?: { url: string } }[];
    expect(parts.map((p) => p.type)).toEqual(['text', 'text', 'image_url', 'text', 'image_url']);
    expect(parts[1].text).toBe(`Image 1, from 'read_media_file' (call call_1):`);
    expect(parts[2].image_url!.url).toBe(`data:image/png;base64,${PNG_B64}`);
    expect(parts[4].image_url!.url).toMatch(/^data:image\/png;base64,iVBOR/);
  }, 30_000);

  test("server-everything's get-tiny-image through ReAct: the Observation names the image, without base64", async () => {
    provider.reset();
    provider.setReplies(
      { content: 'Thought: look.\nAction: get-tiny-image\nAction Input: {}' },
      { content: 'FINAL_ANSWER: tiny' },
    );
    const brain = new OpenAIBrain({ model: 'm', api_url: provider.url, timeout: 20 });
    await new ReActLoopEngine({ brain, registry: new ToolRegistry([everything]), stream: false }).run(
      [{ role: 'user', content: 'Look.' }],
      {},
    );
    const last = (provider.chatRequests[1].body.messages as Wire[]).at(-1)!;
    expect(last.role).toBe('user');
    expect(last.content).toMatch(/^Observation: .*\n?\[image: image\/png, [\d.]+ (B|KB), not shown to this model\]/s);
    expect(provider.chatRequests[1].rawBody).not.toMatch(/iVBORw0KGgo/);
  }, 30_000);
});

describe('the text cap per tool result', () => {
  test('a long text is cut at max_tool_result_chars with a marker; the trace warns and keeps the whole text', async () => {
    const { messages, events } = await runNative(
      false,
      [{ name: 'read_text_file', arguments: { path: path.join(dir, 'big.txt') } }],
      1000,
    );
    const [tool] = toolMessages(messages);
    const text = tool.content as string;
    expect(text.startsWith('line of text\n')).toBe(true);
    expect(text).toContain(
      "[The tool's result was 52,000 characters; only the first 1,000 are kept (the engine's max_tool_result_chars setting).]",
    );
    expect(text.length).toBeLessThan(1200);
    const notice = events.find((e) => e.type === 'loop_notice');
    expect(notice).toMatchObject({ reason: 'limit_reached', limit: 'max_tool_result_chars', toolCallId: 'call_1' });
    const result = events.find((e) => e.type === 'tool_result')!;
    expect(result.type === 'tool_result' && (result.result as { content: string }).content).toHaveLength(52_000);
  }, 30_000);
});
