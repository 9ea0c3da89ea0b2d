import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot, startApp, type App } from './fixtures/app';
import { approvePrograms, writePersona } from './fixtures/personas';
import { Chat } from './pages/chat';
import { McpPanel } from './pages/mcp-panel';
import { Sidebar } from './pages/sidebar';
import { ToolForm } from './pages/tool-form';

const EVERYTHING = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@modelcontextprotocol/server-everything/package.json')),
  'dist',
  'index.js',
);
const TB = 'ovos-mcp-toolbox:everything';
/** Screenshots go to a temp folder; `SCREENSHOTS_DIR=docs/screenshots` refreshes the README's mcp-*.png. */
const OUT = process.env.SCREENSHOTS_DIR
  ? path.resolve(repoRoot, process.env.SCREENSHOTS_DIR)
  : path.join(tmpdir(), 'persona-studio-screenshots');

let app: App;
let tools: ToolForm;
let mcp: McpPanel;

async function shoot(page: Page, name: string) {
  await page.waitForTimeout(150);
  await page.screenshot({ path: path.join(OUT, name) });
}

beforeAll(async () => {
  mkdirSync(OUT, { recursive: true });
  app = await startApp();
  const persona = {
    name: 'Everything',
    handlers: ['ovos-native-toolcall-loop'],
    'ovos-native-toolcall-loop': {
      brain: 'ovos-chat-openai-plugin',
      toolboxes: [TB],
      'ovos-chat-openai-plugin': { model: 'scripted-model', api_url: app.llm.url },
      [TB]: { command: process.execPath, args: [EVERYTHING, 'stdio'] },
    },
    // The loop's calls run without the approval pause (the program itself is approved below).
    persona_studio: { approval: { [TB]: { mode: 'auto' } } },
  };
  writePersona(app.home, 'everything', persona);
  await approvePrograms(app.home, 'everything', persona);
  await app.page.reload();
  await new Sidebar(app.page).pick('everything');
  tools = new ToolForm(app.page);
  mcp = new McpPanel(app.page, TB);
  await tools.open();
  await app.page.getByTestId('tool-echo').waitFor({ timeout: 20_000 });
});
afterAll(async () => app?.close());

describe('MCP beyond tools in the Tools pane (server-everything)', () => {
  it('opens a resource, and reads a template filled through its form', async () => {
    await mcp.view('resources');
    const uri = await app.page.getByTestId('resource-item').first().locator('code').innerText();
    await mcp.openResource(uri);
    expect(await mcp.contents().locator('.mcp-uri code').textContent()).toBe(uri);
    expect((await app.page.getByTestId('resource-text').innerText()).length).toBeGreaterThan(10);

    await mcp.pickTemplate('demo://resource/dynamic/text/{resourceId}');
    await mcp.field('template-form', 'resourceId').fill('12');
    await mcp.submit('template-form');
    await expect
      .poll(() => mcp.contents().locator('.mcp-uri code').textContent())
      .toBe('demo://resource/dynamic/text/12');
    await shoot(app.page, 'mcp-resources-light.png');

    await mcp.pickTemplate('demo://resource/dynamic/blob/{resourceId}');
    await mcp.field('template-form', 'resourceId').fill('3');
    await mcp.submit('template-form');
    await app.page.getByTestId('resource-blob').waitFor();
    expect(await app.page.getByTestId('resource-blob').innerText()).toMatch(/Binary content: .+, \d+(\.\d)? (B|KB)/);
  });

  it('fills a prompt’s arguments and “Use in chat” puts its messages in the composer', async () => {
    await mcp.view('prompts');
    await mcp.pickPrompt('args-prompt');
    await mcp.field('prompt-form', 'city').fill('Coimbra');
    await mcp.submit('prompt-form');
    await app.page.getByTestId('prompt-messages').waitFor();
    expect(await app.page.getByTestId('prompt-messages').innerText()).toContain('Coimbra');
    await shoot(app.page, 'mcp-prompts-light.png');
    await mcp.useInChat();
    await expect.poll(() => app.page.getByTestId('chat-input').inputValue()).toContain('Coimbra');
    await tools.open();
  });

  it('answers an elicitation through the form generated from its schema', async () => {
    await mcp.view('tools');
    await tools.pick('trigger-elicitation-request');
    await tools.run();
    await mcp.elicitation().waitFor({ timeout: 15_000 });
    expect(await app.page.getByTestId('elicitation-message').innerText()).toContain('Please provide inputs');
    await mcp.field('elicitation-dialog', 'name').fill('Ada Lovelace');
    await shoot(app.page, 'mcp-elicitation-light.png');
    await mcp.submit('elicitation-dialog');
    await app.page.getByTestId('tool-output').waitFor({ timeout: 15_000 });
    expect(await mcp.elicitation().count()).toBe(0);
    const result = (await tools.result()) as { content: string };
    expect(result.content).toContain('- Name: Ada Lovelace');
  });

  it('shows a running call’s progress, and Cancel ends it as cancelled', async () => {
    await tools.pick('trigger-long-running-operation');
    await tools.field('duration').fill('20');
    await tools.field('steps').fill('20');
    await tools.run();
    await app.page.getByTestId('tool-progress').waitFor({ timeout: 15_000 });
    await expect.poll(() => app.page.getByTestId('tool-progress').innerText()).toMatch(/\d+ \/ 20/);
    await shoot(app.page, 'mcp-progress-light.png');
    await app.page.getByTestId('cancel-call').click();
    await tools.error().waitFor();
    expect(await tools.error().innerText()).toContain('cancelled');
    expect(await app.page.getByTestId('tool-progress').count()).toBe(0);
  });

  it('asks before a sampling request, then the persona’s brain answers it', async () => {
    app.llm.setReplies({ content: 'Hello from the scripted brain.' });
    await tools.pick('trigger-sampling-request');
    await tools.field('prompt').fill('Say hello');
    await tools.run();
    await mcp.sampling().waitFor({ timeout: 15_000 });
    expect(await app.page.getByTestId('sampling-messages').innerText()).toContain('Say hello');
    await shoot(app.page, 'mcp-sampling-light.png');
    await app.page.getByRole('button', { name: 'Approve and send to the brain' }).click();
    await app.page.getByTestId('tool-output').waitFor({ timeout: 15_000 });
    const result = (await tools.result()) as { content: string };
    expect(result.content).toContain('Hello from the scripted brain.');
  });

  it('shows the server’s log with a level filter', async () => {
    await tools.pick('toggle-simulated-logging');
    await tools.run();
    await app.page.getByTestId('tool-output').waitFor();
    await mcp.view('log');
    await mcp.logEntries().first().waitFor({ timeout: 15_000 });
    await expect.poll(() => mcp.logEntries().count(), { timeout: 15_000 }).toBeGreaterThan(1);
    await shoot(app.page, 'mcp-log-light.png');
    await app.page.getByLabel('Lowest level shown').selectOption('emergency');
    const levels = await mcp.logEntries().evaluateAll((els) => els.map((e) => e.getAttribute('data-level')));
    expect(levels.every((l) => l === 'emergency' || l === 'notification')).toBe(true);
    expect(app.pageErrors).toEqual([]);
  });

  it('shows the progress of a loop call on its running TOOL card', async () => {
    app.llm.setReplies(
      { toolCalls: [{ name: 'trigger-long-running-operation', arguments: { duration: 6, steps: 6 } }] },
      { content: 'The long operation finished.' },
    );
    const chat = new Chat(app.page);
    await chat.open();
    await chat.send('Run the long operation');
    const bar = app.page.locator('[data-testid="trace-tool"][data-status="running"] [data-testid="tool-progress"]');
    await bar.waitFor({ timeout: 15_000 });
    await expect.poll(() => bar.innerText()).toMatch(/\d+ \/ 6/);
    await shoot(app.page, 'mcp-loop-progress-light.png');
    await chat.waitForEnd();
    expect(await app.page.locator('[data-testid="trace-tool"] [data-testid="tool-progress"]').count()).toBe(0);
    await tools.open();
  });

  it('reads the same in the dark theme', async () => {
    const page = await app.newPage({ colorScheme: 'dark' });
    await new Sidebar(page).pick('everything');
    const dark = new McpPanel(page, TB);
    await new ToolForm(page).open();
    await dark.view('prompts');
    await dark.pickPrompt('args-prompt');
    await dark.field('prompt-form', 'city').fill('Faro');
    await dark.submit('prompt-form');
    await page.getByTestId('prompt-messages').waitFor();
    await shoot(page, 'mcp-prompts-dark.png');
    await dark.view('log');
    await dark.logEntries().first().waitFor({ timeout: 15_000 });
    await shoot(page, 'mcp-log-dark.png');
    await page.close();
  });
});
