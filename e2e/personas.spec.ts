import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot, screenshotsDir, startApp, type App } from './fixtures/app';
import { Chat } from './pages/chat';
import { PersonaEditor } from './pages/persona-editor';
import { Sidebar } from './pages/sidebar';

let app: App;
let sidebar: Sidebar;
let editor: PersonaEditor;

beforeAll(async () => {
  app = await startApp({ replies: [] });
  sidebar = new Sidebar(app.page);
  editor = new PersonaEditor(app.page);
});
afterAll(async () => app?.close());

describe('personas', () => {
  it('creates a persona from scratch', async () => {
    await sidebar.entry('assistant').waitFor();
    await sidebar.newPersona();
    expect(await app.page.getByTestId('new-persona-entry').innerText()).toMatch(/^New persona\s+unsaved$/);
    // The keyboard is in the new persona's name, its text selected: typing replaces it.
    await app.page.waitForFunction(() => document.activeElement?.id === 'persona-name');
    await app.page.keyboard.type('Trip planner');
    expect(await editor.name().inputValue()).toBe('Trip planner');
    // The unsaved entry in the list goes by the name typed so far.
    await app.page.getByTestId('new-persona-entry').getByText('Trip planner').waitFor();
    await editor.fill({
      description: 'Plans trips',
      prompt: 'You plan trips.',
      url: app.llm.url,
      model: 'scripted-model',
      maxIterations: 3,
    });
    await editor.enableToolbox('ovos-math-tools');
    await editor.dirtyMark().waitFor();
    await editor.save();
    await sidebar.entry('trip-planner').waitFor();
    await editor.savedMark().waitFor();
    const onDisk = JSON.parse(readFileSync(path.join(app.home, 'personas', 'trip-planner.json'), 'utf8'));
    expect(onDisk).toMatchObject({
      name: 'Trip planner',
      handlers: ['ovos-native-toolcall-loop'],
      'ovos-native-toolcall-loop': {
        max_iterations: 3,
        toolboxes: ['ovos-math-tools'],
        'ovos-chat-openai-plugin': { api_url: app.llm.url, model: 'scripted-model' },
      },
    });
  });

  it('tests the brain connection and lists its models', async () => {
    await editor.testConnection();
    await app.page.getByTestId('test-result').waitFor();
    expect(await app.page.getByTestId('test-result').innerText()).toMatch(/Connected in \d+ ms · 2 models/);
    await editor.fill({ url: 'http://127.0.0.1:9/v1' });
    await editor.testConnection();
    await app.page.getByTestId('test-error').waitFor();
    expect(await app.page.getByTestId('test-error').innerText()).toContain('http://127.0.0.1:9/v1');
    await editor.fill({ url: app.llm.url });
  });

  it('shows inline validation errors and refuses to save', async () => {
    await editor.fill({ name: '' });
    expect(await editor.fieldError('persona-name').innerText()).toContain('A persona needs a name.');
    await editor.fill({ maxIterations: 0 });
    await editor.fieldError('persona-max-iterations').waitFor();
    await editor.saveWithKeyboard();
    await app.page.getByTestId('save-error').waitFor();
    await editor.fill({ name: 'Trip planner', maxIterations: 3 });
  });

  it('edits, saves with Ctrl+S, and keeps the change after a reload', async () => {
    await editor.fill({ description: 'Plans trips by train', maxIterations: 6 });
    await editor.saveWithKeyboard();
    await editor.savedMark().waitFor();
    await app.page.reload();
    await sidebar.pick('trip-planner');
    expect(await app.page.locator('#persona-description').inputValue()).toBe('Plans trips by train');
    expect(await app.page.locator('#persona-max-iterations').inputValue()).toBe('6');
    expect(await editor.personaJson()).toMatchObject({
      name: 'Trip planner',
      'ovos-native-toolcall-loop': { max_iterations: 6 },
    });
  });

  it('follows a persona file edited by hand while the app is open (no reload)', async () => {
    const file = path.join(app.home, 'personas', 'trip-planner.json');
    const edited = (text: string) => {
      const persona = JSON.parse(readFileSync(file, 'utf8'));
      writeFileSync(file, JSON.stringify({ ...persona, description: text }, null, 2));
    };
    edited('Edited in a text editor');
    await expect.poll(() => app.page.locator('#persona-description').inputValue()).toBe('Edited in a text editor');
    expect(await sidebar.entry('trip-planner').innerText()).toContain('Edited in a text editor');
    // Unsaved edits here are kept when the file changes again; a toast says saving replaces it.
    await editor.fill({ description: 'Typed here, not saved' });
    edited('Edited again outside');
    await app.page.getByText('Your unsaved edits are kept').waitFor();
    expect(await app.page.locator('#persona-description').inputValue()).toBe('Typed here, not saved');
    await editor.fill({ description: 'Plans trips by train' });
    await editor.saveWithKeyboard();
    await editor.savedMark().waitFor();
  });

  it('edits the persona as JSON: a broken text says where, a block the form has no field for is applied and saved', async () => {
    await sidebar.pick('trip-planner');
    await editor.editJson((text) => text.replace('"name": "Trip planner",', '"name": "Trip planner"'));
    expect(await editor.jsonProblem().innerText()).toMatch(/^Not valid JSON: .*line \d+ column \d+/);
    const dismiss = app.page.getByRole('button', { name: 'Dismiss' });
    while ((await dismiss.count()) > 0) await dismiss.first().click();
    await app.page.screenshot({ path: path.join(screenshotsDir(), 'editor-json-edit-light.png') });
    const box = app.page.getByTestId('persona-json-edit');
    const persona = JSON.parse((await box.inputValue()).replace('"name": "Trip planner"', '"name": "Trip planner",'));
    persona['weather-tools'] = { city: 'Porto' };
    persona.description = 'Plans trips, edited as JSON';
    await box.fill(JSON.stringify(persona, null, 2));
    await box.press('Control+Enter');
    await box.waitFor({ state: 'detached' });
    expect(await app.page.locator('#persona-description').inputValue()).toBe('Plans trips, edited as JSON');
    await editor.dirtyMark().waitFor();
    await editor.saveWithKeyboard();
    await editor.savedMark().waitFor();
    const onDisk = JSON.parse(readFileSync(path.join(app.home, 'personas', 'trip-planner.json'), 'utf8'));
    expect(onDisk).toMatchObject({ description: 'Plans trips, edited as JSON', 'weather-tools': { city: 'Porto' } });
    await editor.fill({ description: 'Plans trips by train' });
    await editor.saveWithKeyboard();
    await editor.savedMark().waitFor();
  });

  it('imports the seed example persona', async () => {
    await sidebar.importFile(path.join(repoRoot, 'examples/native_toolcall_persona.json'));
    await app.page.locator('[data-testid="persona-title"]', { hasText: 'Calculator' }).waitFor();
    expect(await app.page.locator('#brain-url').inputValue()).toBe('http://localhost:11434/v1/chat/completions');
    expect(await app.page.locator('#persona-engine').inputValue()).toBe('ovos-native-toolcall-loop');
    expect(
      await app.page.getByTestId('toolbox-ovos-math-tools').locator('input[type=checkbox]').first().isChecked(),
    ).toBe(true);
  });

  it("shows an OVOS file's sampling settings under More settings; a temperature changed there is saved and sent", async () => {
    const researcher = JSON.parse(
      readFileSync(path.join(repoRoot, 'examples/ovos/research_assistant_persona.json'), 'utf8'),
    ) as Record<string, Record<string, Record<string, unknown>>>;
    const brain = researcher['ovos-react-loop']['ovos-chat-openai-plugin'];
    Object.assign(brain, { api_url: `${app.llm.url}/chat/completions`, model: 'scripted-model' });
    const file = path.join(app.home, 'researcher.json');
    writeFileSync(file, JSON.stringify(researcher));
    await sidebar.importFile(file);
    await app.page.locator('[data-testid="persona-title"]', { hasText: 'Researcher' }).waitFor();
    const fold = app.page.getByTestId('brain-more-settings');
    // Open from the start: the file sets some of it, and the summary says what.
    expect(await fold.getAttribute('open')).not.toBeNull();
    expect(await fold.locator('summary').innerText()).toBe(
      'More settings: sampling, max tokens, stop, timeouts (temperature 0.3 · max tokens 1024)',
    );
    const temperature = app.page.locator('#brain-ovos-chat-openai-plugin_temperature');
    expect(await temperature.inputValue()).toBe('0.3');
    await temperature.fill('0.7');
    const extra = app.page.locator('#brain-ovos-chat-openai-plugin_extra_params');
    await extra.fill('{"seed": 7,');
    await app.page.getByTestId('error-brain-ovos-chat-openai-plugin_extra_params').waitFor();
    await extra.fill('{"seed": 7}');
    await app.page.getByTestId('error-brain-ovos-chat-openai-plugin_extra_params').waitFor({ state: 'detached' });
    await fold.locator('summary').scrollIntoViewIfNeeded();
    for (const dismiss of await app.page.locator('.toasts').getByRole('button', { name: 'Dismiss' }).all())
      await dismiss.click({ force: true, timeout: 1000 }).catch(() => undefined);
    await app.page.locator('.toast').first().waitFor({ state: 'detached' });
    await app.page.screenshot({ path: path.join(screenshotsDir(), 'editor-brain-more-settings-light.png') });
    await editor.saveWithKeyboard();
    await editor.savedMark().waitFor();
    const onDisk = JSON.parse(readFileSync(path.join(app.home, 'personas', 'researcher.json'), 'utf8'));
    expect(onDisk['ovos-react-loop']['ovos-chat-openai-plugin']).toMatchObject({
      temperature: 0.7,
      max_tokens: 1024,
      extra_params: { seed: 7 },
    });
    // The run sends what the form says.
    app.llm.setReplies({ content: 'Thought: I know this.\nFinal Answer: Hello.' });
    const chat = new Chat(app.page);
    await chat.open();
    await chat.send('Hi');
    await chat.waitForEnd();
    expect(app.llm.chatRequests.at(-1)!.body).toMatchObject({ temperature: 0.7, max_tokens: 1024, seed: 7 });
    await app.page.getByTestId('tab-editor').click();
  });

  it('exports the persona as an OVOS persona file, without the API key', async () => {
    await sidebar.pick('trip-planner');
    await app.page.getByTestId('export-persona').click();
    const [download] = await Promise.all([
      app.page.waitForEvent('download'),
      app.page.getByTestId('export-download').click(),
    ]);
    const file = await download.path();
    const exported = JSON.parse(readFileSync(file, 'utf8'));
    expect(download.suggestedFilename()).toBe('trip-planner.json');
    expect(exported).toMatchObject({ name: 'Trip planner', handlers: ['ovos-native-toolcall-loop'] });
    expect(JSON.stringify(exported)).not.toContain('api_key');
  });

  it('switches the theme and keeps it after a reload', async () => {
    const theme = () => app.page.evaluate(() => document.documentElement.dataset.theme);
    expect(await theme()).toBe('light');
    await app.page.getByTestId('theme-toggle').click();
    await app.page.getByTestId('theme-toggle').click();
    expect(await theme()).toBe('dark');
    await app.page.reload();
    await app.page.getByTestId('theme-toggle').waitFor();
    await app.page.waitForFunction(() => document.documentElement.dataset.theme === 'dark');
    await app.page.getByTestId('theme-toggle').click();
    expect(await theme()).toBe('light');
  });

  it('shows the keyboard focus on the selected tab, and arrow keys move between tabs', async () => {
    await sidebar.pick('trip-planner');
    await app.page.getByTestId('tab-editor').focus();
    await app.page.keyboard.press('ArrowRight');
    await app.page.getByTestId('tool-list').waitFor();
    const tab = app.page.getByTestId('tab-tools');
    const focused = await tab.evaluate((el) => el === document.activeElement);
    const shadow = await tab.evaluate((el) => getComputedStyle(el).boxShadow);
    await app.page.keyboard.press('ArrowLeft');
    await editor.name().waitFor();
    expect(focused).toBe(true);
    expect(shadow, 'the selected tab shows the focus ring (--focus), not only its raised shadow').toContain(
      'rgba(47, 95, 208, 0.35)',
    );
  });

  it('duplicates and deletes (after confirming)', async () => {
    await sidebar.pick('trip-planner');
    await app.page.getByTestId('duplicate-persona').click();
    await app.page.locator('[data-testid="persona-title"]', { hasText: /copy/i }).waitFor();
    const copyTitle = await app.page.getByTestId('persona-title').innerText();
    await app.page.getByTestId('delete-persona').click();
    await app.page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await app.page.getByRole('dialog').waitFor({ state: 'detached' });
    await app.page.waitForFunction(
      (t) =>
        ![...document.querySelectorAll('[data-testid^="persona-"] .name')].some((e) => e.textContent?.trim() === t),
      copyTitle,
    );
  });

  it('lists a broken persona file with its path and error, and leaves it as it is', async () => {
    const file = path.join(app.home, 'personas', 'broken.json');
    writeFileSync(file, '{ "name": "Half written", ');
    await app.page.reload();
    await sidebar.broken('broken').waitFor();
    const text = await sidebar.broken('broken').innerText();
    expect(text).toContain(file);
    expect(text).toMatch(/broken/);
    expect(readFileSync(file, 'utf8')).toBe('{ "name": "Half written", ');
    expect(app.pageErrors, app.pageErrors.join('\n')).toEqual([]);
  });

  it('adds a second MCP server as its own toolbox instance, with its own config block', async () => {
    await sidebar.pick('trip-planner');
    await editor.enableToolbox('ovos-mcp-toolbox');
    await editor.addToolboxInstance('ovos-mcp-toolbox', 'files');
    await app.page.getByTestId('toolbox-ovos-mcp-toolbox:files').waitFor();
    expect(
      await app.page.getByTestId('toolbox-ovos-mcp-toolbox:files').locator('input[type=checkbox]').first().isChecked(),
    ).toBe(true);
    const json = (await editor.personaJson()) as Record<string, { toolboxes: string[] }>;
    expect(json['ovos-native-toolcall-loop'].toolboxes).toEqual(
      expect.arrayContaining(['ovos-mcp-toolbox', 'ovos-mcp-toolbox:files']),
    );
  });
});
