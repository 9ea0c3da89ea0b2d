import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot, startApp, type App } from './fixtures/app';
import { ApprovalDialog } from './pages/approval';
import { Chat } from './pages/chat';
import { PersonaEditor } from './pages/persona-editor';
import { Sidebar } from './pages/sidebar';

const SHOTS = process.env.SCREENSHOTS_DIR ? path.resolve(repoRoot, process.env.SCREENSHOTS_DIR) : null;
const FIXTURE = path.join(repoRoot, 'src-main/core/toolboxes/mcp/fixtures/fixture-stdio.ts');
let app: App;
let marker: string;
let personaFile: string;

async function shoot(page: Page, name: string) {
  if (!SHOTS) return;
  await page.waitForTimeout(150);
  await page.screenshot({ path: path.join(SHOTS, name) });
}

beforeAll(async () => {
  app = await startApp();
  marker = path.join(app.home, 'server-started.txt');
  // The fixture MCP server, started through a wrapper that first leaves a marker file: proof that it ran.
  const wrapper = path.join(app.home, 'trip-server.mjs');
  writeFileSync(
    wrapper,
    `import fs from 'node:fs';\nfs.writeFileSync(${JSON.stringify(marker)}, 'ran');\nawait import(${JSON.stringify(FIXTURE)});\n`,
  );
  personaFile = path.join(app.home, 'trip-tools.json');
  writeFileSync(
    personaFile,
    JSON.stringify({
      name: 'Trip tools',
      description: 'A persona from elsewhere, with an MCP server at the top level.',
      handlers: ['ovos-native-toolcall-loop'],
      'ovos-native-toolcall-loop': {
        brain: 'ovos-chat-openai-plugin',
        'ovos-chat-openai-plugin': { model: 'scripted-model', api_url: app.llm.url, api_key: 'sk-e2e-key' },
        toolboxes: ['ovos-math-tools', 'ovos-mcp-toolbox:trips'],
      },
      'ovos-mcp-toolbox:trips': {
        command: process.execPath,
        args: ['--import', 'tsx', wrapper],
        cwd: repoRoot,
        env: { NODE_OPTIONS: '--no-warnings', TRIPS_API_TOKEN: 'tok-e2e-secret' },
      },
    }),
  );
});
afterAll(async () => app?.close());

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('programs of an imported persona', () => {
  it('import shows the full command, args, cwd and env (secret masked), and starts nothing', async () => {
    await new Sidebar(app.page).importFile(personaFile);
    const approval = new ApprovalDialog(app.page);
    await approval.waitOpen();
    const text = await approval.text();
    expect(text).toContain('“Trip tools” wants to run a program on this computer');
    for (const part of [process.execPath, '--import', 'tsx', 'trip-server.mjs', repoRoot, 'NODE_OPTIONS=--no-warnings'])
      expect(text).toContain(part);
    expect(text).toContain('TRIPS_API_TOKEN=••••••');
    expect(text).not.toContain('tok-e2e-secret');
    await shoot(app.page, 'approval-dialog-light.png');
    await sleep(1000);
    expect(existsSync(marker)).toBe(false);
    await approval.notNow();
  });

  it('the Tools pane shows the toolbox as needing approval, not as an error, and still starts nothing', async () => {
    await app.page.getByTestId('tab-tools').click();
    const notice = app.page.getByTestId('toolbox-approval-ovos-mcp-toolbox:trips');
    await notice.waitFor();
    expect(await notice.innerText()).toContain('needs approval');
    expect(await app.page.getByTestId('toolbox-error-ovos-mcp-toolbox:trips').count()).toBe(0);
    await sleep(500);
    expect(existsSync(marker)).toBe(false);
  });

  it('a chat run asks first; approving starts the program and sends the message', async () => {
    app.llm.setReplies({ content: 'Approved and answered.' });
    const chat = new Chat(app.page);
    await chat.open();
    await chat.send('Plan a trip');
    const approval = new ApprovalDialog(app.page);
    await approval.waitOpen();
    expect(await approval.text()).toContain('Your message is sent once you approve');
    expect(existsSync(marker)).toBe(false);
    await approval.approve();
    await chat.waitForEnd();
    expect(await chat.answer().innerText()).toContain('Approved and answered.');
    expect(existsSync(marker)).toBe(true);
  });
});

describe('import of a persona that exists', () => {
  it('offers replace or keep both; keep both adds “Trip tools (2)”', async () => {
    await new Sidebar(app.page).importFile(personaFile);
    const dialog = app.page.getByTestId('import-conflict');
    await dialog.waitFor();
    expect(await dialog.innerText()).toContain('“Trip tools” exists already');
    await app.page.getByTestId('import-keep-both').click();
    await expect.poll(() => new Sidebar(app.page).names()).toContain('Trip tools (2)');
    // A new persona: its programs ask again.
    await new ApprovalDialog(app.page).notNow();
  });

  it('a long message in a toast wraps inside the window', async () => {
    const long = `ovos-${'very-long-plugin-name-'.repeat(12)}tools`;
    const file = path.join(app.home, 'odd.json');
    writeFileSync(file, JSON.stringify({ name: 'Odd one', handlers: [long] }));
    await new Sidebar(app.page).importFile(file);
    const toast = app.page.locator('.toast', { hasText: 'unknown plugins' });
    await toast.waitFor();
    // Imported with a caveat: a warning, not an error.
    expect(await toast.getAttribute('class')).toContain('warning');
    const box = (await toast.boundingBox())!;
    const width = app.page.viewportSize()!.width;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(width);
  });
});

describe('a persona from elsewhere that names a toolbox not installed here', () => {
  it('runs without it, as OVOS does: its other tools work, the Tools pane and the chat say it is not installed', async () => {
    const file = path.join(app.home, 'weather.json');
    writeFileSync(
      file,
      JSON.stringify({
        name: 'Weather',
        handlers: ['ovos-native-toolcall-loop'],
        'ovos-native-toolcall-loop': {
          brain: 'ovos-chat-openai-plugin',
          toolboxes: ['ovos-math-tools', 'weather-tools'],
          'ovos-chat-openai-plugin': { model: 'scripted-model', api_url: app.llm.url },
        },
      }),
    );
    await new Sidebar(app.page).importFile(file);
    await app.page.locator('.toast.warning', { hasText: 'weather-tools' }).waitFor();
    await app.page.getByTestId('tab-tools').click();
    const notice = app.page.getByTestId('toolbox-not-installed-weather-tools');
    await notice.waitFor();
    expect(await notice.innerText()).toContain("No toolbox plugin 'weather-tools' is installed here");
    await app.page.getByTestId('tool-evaluate_expression').waitFor();
    // The earlier tests' toasts out of the picture.
    const dismiss = app.page.getByRole('button', { name: 'Dismiss' });
    while ((await dismiss.count()) > 0) await dismiss.first().click();
    await shoot(app.page, 'tools-not-installed-light.png');

    app.llm.setReplies(
      { toolCalls: [{ id: 'w1', name: 'evaluate_expression', arguments: JSON.stringify({ expression: '20+1' }) }] },
      { content: 'It is 21 degrees.' },
    );
    const chat = new Chat(app.page);
    await chat.open();
    expect(await app.page.getByTestId('chat-toolbox-banner').innerText()).toContain('is not installed here.');
    await chat.send('How warm is it?');
    await chat.answer().getByText('It is 21 degrees.').waitFor();
    const offered = (app.llm.chatRequests.at(-1)!.body.tools as Array<{ function: { name: string } }>).map(
      (t) => t.function.name,
    );
    expect(offered).toContain('evaluate_expression');
  });
});

describe('secrets of a toolbox in the editor', () => {
  it('shows an MCP env secret masked, with Reveal', async () => {
    await new Sidebar(app.page).pick('trip-tools');
    await app.page.getByTestId('tab-editor').click();
    const stored = app.page.getByTestId('stored-secrets-ovos-mcp-toolbox:trips');
    await stored.waitFor();
    expect(await stored.innerText()).toContain('Environment › TRIPS_API_TOKEN = ••••••••');
    expect(await app.page.content()).not.toContain('tok-e2e-secret');
    const token = stored.locator('li', { hasText: 'TRIPS_API_TOKEN' });
    await token.getByRole('button', { name: 'Reveal' }).click();
    await expect.poll(() => stored.innerText()).toContain('Environment › TRIPS_API_TOKEN = tok-e2e-secret');
    await token.getByRole('button', { name: 'Hide' }).click();
    await expect.poll(() => stored.innerText()).not.toContain('tok-e2e-secret');
  });
});

describe('a stored key and a new api_url', () => {
  it('saving asks whether the key follows; "Forget the key" saves without it', async () => {
    await new Sidebar(app.page).pick('trip-tools-2');
    const editor = new PersonaEditor(app.page);
    await editor.open();
    await editor.fill({ url: 'http://127.0.0.1:9/v1' });
    await editor.save();
    const dialog = app.page.getByTestId('key-question');
    await dialog.waitFor();
    expect(await dialog.innerText()).toContain(new URL(app.llm.url).origin);
    expect(await dialog.innerText()).toContain('http://127.0.0.1:9');
    await app.page.getByTestId('key-forget').click();
    await editor.savedMark().waitFor();
    const secrets = JSON.parse(readFileSync(path.join(app.home, 'secrets.json'), 'utf8'));
    const keys = Object.keys(secrets.personas['trip-tools-2'] ?? {});
    expect(keys.some((k) => k.endsWith('ovos-chat-openai-plugin.api_key'))).toBe(false);
    expect(keys.some((k) => k.endsWith('env.TRIPS_API_TOKEN'))).toBe(true);
  });
});

describe('the export dialog', () => {
  it('exports without secrets by default, warns when they are included, and asks before replacing', async () => {
    const sidebar = new Sidebar(app.page);
    await sidebar.pick('trip-tools');
    await app.page.getByTestId('tab-editor').click();
    await app.page.getByTestId('export-persona').click();
    const dialog = app.page.getByTestId('export-dialog');
    await dialog.waitFor();
    expect(await app.page.getByTestId('export-with-secrets').isChecked()).toBe(false);
    expect(await app.page.getByTestId('export-secrets-warning').count()).toBe(0);
    await app.page.getByTestId('export-with-secrets').check();
    await app.page.getByTestId('export-secrets-warning').waitFor();
    expect(await dialog.innerText()).toContain(path.join(app.home, 'exports', 'trip-tools.json'));
    await shoot(app.page, 'export-dialog-light.png');
    await app.page.getByTestId('export-with-secrets').uncheck();
    await app.page.getByTestId('export-save').click();
    await dialog.waitFor({ state: 'detached' });
    const out = path.join(app.home, 'exports', 'trip-tools.json');
    await expect.poll(() => existsSync(out)).toBe(true);
    expect(readFileSync(out, 'utf8')).not.toContain('sk-e2e-key');
    expect(readFileSync(out, 'utf8')).not.toContain('tok-e2e-secret');

    await app.page.getByTestId('export-persona').click();
    await app.page.getByTestId('export-with-secrets').check();
    await app.page.getByTestId('export-save').click();
    await app.page.getByTestId('export-exists').waitFor();
    await app.page.getByTestId('export-replace').click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => readFileSync(out, 'utf8')).toContain('sk-e2e-key');
    expect(app.pageErrors).toEqual([]);
  });

  it('in the dark theme too', async () => {
    if (!SHOTS) return;
    const page = await app.newPage({ colorScheme: 'dark' });
    await new Sidebar(page).pick('trip-tools-2');
    await page.getByTestId('tab-tools').click();
    const approval = new ApprovalDialog(page);
    await approval.reviewFromTools('ovos-mcp-toolbox:trips');
    await shoot(page, 'approval-dialog-dark.png');
    await approval.notNow();
    await page.getByTestId('tab-editor').click();
    await page.getByTestId('export-persona').click();
    await page.getByTestId('export-with-secrets').check();
    await shoot(page, 'export-dialog-dark.png');
    await page.close();
  });
});
