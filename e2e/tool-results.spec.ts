import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot, startApp, type App } from './fixtures/app';
import { approvePrograms, writePersona } from './fixtures/personas';
import { Chat } from './pages/chat';
import { Sidebar } from './pages/sidebar';
import { ToolForm } from './pages/tool-form';
import { ToolResult } from './pages/tool-result';

const EVERYTHING = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@modelcontextprotocol/server-everything/package.json')),
  'dist',
  'index.js',
);
/** A server with one tool, `chime`, that answers with an MCP audio block (a WAV tone). */
const MEDIA = path.join(repoRoot, 'src-main/core/toolboxes/mcp/fixtures/media-stdio.ts');
/** Where the PNGs go: a temp folder on every run; `SCREENSHOTS_DIR=docs/screenshots` refreshes the README's. */
const OUT = process.env.SCREENSHOTS_DIR
  ? path.resolve(repoRoot, process.env.SCREENSHOTS_DIR)
  : path.join(tmpdir(), 'persona-studio-screenshots');

const MARKDOWN_ANSWER = [
  '## The MCP logo',
  '',
  'The tool returned **one PNG image** of *20 × 20* pixels and two text blocks:',
  '',
  '1. a line before the image',
  '2. a line after it',
  '',
  '| Block | Type | Size |',
  '| :--- | :--- | ---: |',
  '| 1 | text | 22 characters |',
  '| 2 | image | 20 × 20 px |',
  '| 3 | text | ~~none~~ 19 characters |',
  '',
  'Read more in [the MCP docs](https://modelcontextprotocol.io/).',
  'A single newline stays a line break.',
  '',
  '```json',
  '{ "mimeType": "image/png" }',
  '```',
  '',
  'This is not run: <script>window.__pwned = true</script>',
].join('\n');

let app: App;
let tools: ToolForm;

async function shoot(page: Page, name: string) {
  await page.waitForTimeout(150);
  await page.screenshot({ path: path.join(OUT, name) });
}

beforeAll(async () => {
  mkdirSync(OUT, { recursive: true });
  app = await startApp();
  const persona = {
    name: 'Everything',
    description: 'The MCP reference server (server-everything): images, resources and structured results.',
    handlers: ['ovos-native-toolcall-loop'],
    'ovos-native-toolcall-loop': {
      brain: 'ovos-chat-openai-plugin',
      max_iterations: 4,
      toolboxes: ['ovos-mcp-toolbox', 'ovos-mcp-toolbox:media'],
      'ovos-chat-openai-plugin': { model: 'scripted-model', api_url: app.llm.url },
      'ovos-mcp-toolbox': { command: process.execPath, args: [EVERYTHING, 'stdio'] },
      'ovos-mcp-toolbox:media': {
        command: process.execPath,
        args: ['--import', 'tsx', MEDIA],
        cwd: repoRoot,
        env: { NODE_OPTIONS: '--no-warnings' },
      },
    },
    // Its tools run without asking in the loop; its programs are approved below (the approval dialog has its own specs).
    persona_studio: {
      approval: { 'ovos-mcp-toolbox': { mode: 'auto' }, 'ovos-mcp-toolbox:media': { mode: 'auto' } },
    },
  };
  writePersona(app.home, 'everything', persona);
  await approvePrograms(app.home, 'everything', persona);
  await app.page.reload();
  await new Sidebar(app.page).pick('everything');
  tools = new ToolForm(app.page);
  await tools.open();
});
afterAll(async () => app?.close());

describe('tool results for people, in the Tools pane', () => {
  it("previews get-tiny-image's image with its type and size, opens it full size; the raw JSON is one click away", async () => {
    await tools.pick('get-tiny-image');
    await tools.run();
    const result = new ToolResult(app.page, app.page.getByTestId('tool-output'));
    await result.image().waitFor();
    expect(await result.imageWidth(), 'the data: image decoded under the CSP').toBe(20);
    expect(await result.image().innerText()).toMatch(/image\/png[\s\S]*\d+(\.\d)? KB/);
    expect(await result.view().getByTestId('result-text').allInnerTexts()).toEqual([
      "Here's the image you requested:",
      'The image above is the MCP logo.',
    ]);
    await shoot(app.page, 'tool-results-image-light.png');
    const dialog = await result.openFullSize();
    expect(await dialog.locator('img').evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBe(20);
    expect(await dialog.getByTestId('lightbox-size').innerText()).toMatch(
      /image\/png · 3\.9 KB · 20 × 20 px · shown 8× enlarged/,
    );
    await shoot(app.page, 'tool-results-lightbox-light.png');
    await app.page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    expect(await tools.result()).toMatchObject({ is_error: false, raw: [{ type: 'text' }, { type: 'image' }, {}] });
    await result.toggleRaw();
    await result.image().waitFor();
    expect(app.pageErrors).toEqual([]);
  });

  it('plays an audio block: a player whose WAV loads under the CSP, with its type, size and Save', async () => {
    await tools.pick('chime');
    await tools.run();
    const result = new ToolResult(app.page, app.page.getByTestId('tool-output'));
    expect(await result.audioDuration(), 'the data: audio decoded under the CSP').toBeCloseTo(1.5, 2);
    expect(await result.audio().innerText()).toMatch(/audio\/wav[\s\S]*23\.5 KB/);
    expect(await result.audio().getByRole('button', { name: 'Save' }).count()).toBe(1);
    expect(await result.view().getByTestId('result-text').allInnerTexts()).toEqual(['A 1.5 s chime at 440 Hz.']);
    await shoot(app.page, 'tool-results-audio-light.png');
    expect(app.pageErrors).toEqual([]);
  });

  it('opens a resource link and an embedded resource by reading them through the server', async () => {
    await tools.pick('get-resource-links');
    await tools.field('count').fill('2');
    await tools.run();
    const result = new ToolResult(app.page, app.page.getByTestId('tool-output'));
    await result.resourceLinks().first().waitFor();
    expect(await result.resourceLinks().count()).toBe(2);
    const text = result.resourceLinks().filter({ hasText: 'demo://resource/dynamic/text/' });
    expect(await text.innerText()).toContain('text/plain');
    const dialog = await result.open(text);
    expect(await dialog.getByTestId('resource-text').innerText()).toMatch(/Resource \d: This is a plaintext resource/);
    await shoot(app.page, 'tool-results-resource-light.png');
    await result.closeDialog();
    await dialog.waitFor({ state: 'detached' });

    await tools.pick('get-resource-reference');
    await tools.run();
    await result.embeddedResources().first().waitFor();
    expect(await result.embeddedResources().getByTestId('resource-uri').innerText()).toMatch(/^demo:\/\/resource\//);
    const again = await result.open(result.embeddedResources().first());
    expect(await again.innerText()).toMatch(/Resource \d: This is a (plaintext resource|base64 blob)|text\/plain/);
    await result.closeDialog();
    expect(app.pageErrors).toEqual([]);
  });

  it("marks a result the server flagged isError as an error, with the server's message", async () => {
    await tools.pick('gzip-file-as-resource');
    await tools.rawMode('{"data": "ftp://127.0.0.1/notes.txt"}');
    await tools.run();
    const view = tools.resultView();
    await view.getByTestId('result-is-error').waitFor();
    expect(await view.getAttribute('class')).toContain('is-error');
    expect(await view.getByTestId('result-text').innerText()).toContain('Unsupported URL protocol');
    await tools.rawMode('{}');
    await tools.formMode();
  });

  it('shows structured content next to the output-schema check', async () => {
    await tools.pick('get-structured-content');
    await tools.field('location').selectOption('Chicago');
    await tools.run();
    const structured = app.page.getByTestId('tool-output').getByTestId('result-structured');
    await structured.waitFor();
    expect(await structured.getByTestId('schema-check').innerText()).toBe('matches the output schema');
    expect(await structured.innerText()).toContain('temperature: 36');
    await app.page.getByTestId('tool-output').screenshot({ path: path.join(OUT, 'tool-results-structured-light.png') });
  });
});

describe('tool results and markdown answers in the chat', () => {
  it('previews the image on the TOOL card, and renders the answer as markdown with a <script> shown as text', async () => {
    const chat = new Chat(app.page);
    await chat.open();
    app.llm.setReplies(
      { content: 'Getting the image.', toolCalls: [{ id: 'call_img', name: 'get-tiny-image', arguments: {} }] },
      { content: MARKDOWN_ANSWER, chunkDelayMs: 2 },
    );
    await chat.send('Show me the MCP logo and describe it');
    await chat.waitForEnd();
    const card = new ToolResult(app.page, chat.tools().first());
    expect(await card.imageWidth(), 'the image decoded on the TOOL card').toBe(20);

    const answer = chat.answer().getByTestId('answer-text');
    expect(await answer.locator('h2').innerText()).toBe('The MCP logo');
    expect(await answer.locator('strong').innerText()).toBe('one PNG image');
    expect(await answer.locator('ol li').count()).toBe(2);
    expect(await answer.locator('table th').allInnerTexts()).toEqual(['Block', 'Type', 'Size']);
    expect(await answer.locator('table tbody tr').count()).toBe(3);
    expect(await answer.locator('table del').innerText()).toBe('none');
    const link = answer.getByRole('link', { name: 'the MCP docs' });
    expect(await link.getAttribute('target')).toBe('_blank');
    expect(await link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(await answer.locator('pre code').innerText()).toContain('"mimeType": "image/png"');
    expect(await answer.locator('p', { hasText: 'Read more' }).innerText()).toBe(
      'Read more in the MCP docs.\nA single newline stays a line break.',
    );
    expect(await answer.innerText()).toContain('<script>window.__pwned = true</script>');
    expect(await answer.locator('script').count()).toBe(0);
    expect(await app.page.evaluate(() => (window as { __pwned?: boolean }).__pwned)).toBeUndefined();
    expect(app.pageErrors).toEqual([]);

    await chat.tools().first().scrollIntoViewIfNeeded();
    await shoot(app.page, 'tool-results-chat-light.png');
    await chat.answer().scrollIntoViewIfNeeded();
    await chat.answer().screenshot({ path: path.join(OUT, 'markdown-answer.png') });
    // The same answer in the dark theme (the app follows the system's scheme as it changes).
    await app.page.emulateMedia({ colorScheme: 'dark' });
    await app.page.waitForTimeout(150);
    await chat.answer().screenshot({ path: path.join(OUT, 'markdown-answer-dark.png') });
    await app.page.emulateMedia({ colorScheme: 'light' });
  });

  it("opens an embedded resource from a TOOL card, read through the persona's server", async () => {
    const chat = new Chat(app.page);
    app.llm.setReplies(
      {
        content: '',
        toolCalls: [{ id: 'call_res', name: 'get-resource-reference', arguments: { resourceId: 3 } }],
      },
      { content: 'It is **resource 3**.' },
    );
    await chat.send('Fetch resource 3');
    await chat.waitForEnd();
    const card = new ToolResult(app.page, app.page.locator('[data-testid="trace-tool"][data-tool-call-id="call_res"]'));
    const embedded = card.embeddedResources().first();
    expect(await embedded.getByTestId('resource-uri').innerText()).toBe('demo://resource/dynamic/text/3');
    const dialog = await card.open(embedded);
    expect(await dialog.getByTestId('resource-text').innerText()).toMatch(/^Resource 3: This is a plaintext resource/);
    await card.closeDialog();
    await dialog.waitFor({ state: 'detached' });
    expect(app.pageErrors).toEqual([]);
  });

  it('looks right in the dark theme too', async () => {
    const page = await app.newPage({ colorScheme: 'dark' });
    await new Sidebar(page).pick('everything');
    const darkTools = new ToolForm(page);
    await darkTools.open();
    await darkTools.pick('get-tiny-image');
    await darkTools.run();
    const result = new ToolResult(page, page.getByTestId('tool-output'));
    expect(await result.imageWidth()).toBe(20);
    await shoot(page, 'tool-results-image-dark.png');
    const chat = new Chat(page);
    await chat.open();
    await chat.openSession();
    await page.getByTestId('answer-text').locator('h2').first().waitFor();
    await chat.tools().first().scrollIntoViewIfNeeded();
    await shoot(page, 'tool-results-chat-dark.png');
    await page.close();
  });

  it('plays an audio result on the TOOL card; the model gets its text and a note instead of the audio', async () => {
    const chat = new Chat(app.page);
    app.llm.setReplies(
      { content: '', toolCalls: [{ id: 'call_chime', name: 'chime', arguments: {} }] },
      { content: 'I played a chime.' },
    );
    await chat.send('Play a chime');
    await chat.waitForEnd();
    const card = new ToolResult(
      app.page,
      app.page.locator('[data-testid="trace-tool"][data-tool-call-id="call_chime"]'),
    );
    expect(await card.audioDuration()).toBeCloseTo(1.5, 2);
    const messages = app.llm.chatRequests.at(-1)!.body.messages as Array<{ role: string; tool_call_id?: string }>;
    const fed = JSON.stringify(messages.find((m) => m.role === 'tool' && m.tool_call_id === 'call_chime'));
    expect(fed).toContain('A 1.5 s chime at 440 Hz.');
    expect(fed).toMatch(/\[audio: audio\/wav, 23\.5 KB, not shown to this model\]/);
    expect(fed).not.toContain('UklGR');
    expect(app.pageErrors).toEqual([]);
  });
});
