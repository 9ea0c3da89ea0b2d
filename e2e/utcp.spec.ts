import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type App, screenshotsDir } from './fixtures/app';
import { PersonaEditor } from './pages/persona-editor';
import { Sidebar } from './pages/sidebar';
import { ToolForm } from './pages/tool-form';
import { startWeatherUtcpProvider } from '../src-main/core/testing/weather-utcp-provider';

let app: App;
let provider: Awaited<ReturnType<typeof startWeatherUtcpProvider>>;

beforeAll(async () => {
  provider = await startWeatherUtcpProvider();
  app = await startApp();
});
afterAll(async () => {
  await app?.close();
  await provider?.close();
});

describe('A UTCP manual set up in the editor', () => {
  it('loads with a stored variable in its header, runs a tool, and Forget removes the variable, which is then named as missing', async () => {
    const page = await app.newPage({ colorScheme: 'dark' });
    const editor = new PersonaEditor(page);
    await new Sidebar(page).newPersona();
    await editor.fill({ name: 'Weather', url: app.llm.url, model: 'scripted-model' });
    await editor.enableToolbox('ovos-utcp-toolbox');
    const block = editor.toolboxConfig('ovos-utcp-toolbox');
    await block.getByRole('button', { name: 'Add item to Manuals' }).click();
    await block.locator('[id$="_manual_call_templates_0_name"]').fill('weather');
    await block.locator('[id$="_manual_call_templates_0_url"]').fill(provider.url);
    await editor.addMapEntry('ovos-utcp-toolbox', 'Headers', 'Authorization', 'Bearer ${TOKEN}');
    await editor.addMapEntry('ovos-utcp-toolbox', 'Variables', 'weather_TOKEN', 'tok-123456789');
    // The UTCP 0.x lists are not offered to a persona that has none.
    expect(await block.getByText('Providers (tool_providers, UTCP 0.x)', { exact: true }).isVisible()).toBe(false);
    await block.getByText('Variables', { exact: true }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(screenshotsDir(), 'editor-utcp-config-dark.png') });
    await editor.saveWithKeyboard();
    await editor.savedMark().waitFor();

    // Neither value is in the persona file; the variable went where the header needs it.
    const file = readFileSync(path.join(app.home, 'personas', 'weather.json'), 'utf8');
    expect(file).not.toContain('tok-123456789');
    expect(file).not.toContain('Bearer');
    const tools = new ToolForm(page);
    await tools.open();
    await tools.pick('get_weather');
    await tools.field('city').fill('Porto');
    await tools.run();
    expect(await tools.result()).toMatchObject({ city: 'Porto', temperature: 21.5 });
    expect(provider.requests.find((r) => r.url === '/utcp')?.authorization).toBe('Bearer tok-123456789');

    await editor.open();
    const stored = page.getByTestId('stored-secrets-ovos-utcp-toolbox');
    await stored.scrollIntoViewIfNeeded();
    await stored.screenshot({ path: path.join(screenshotsDir(), 'editor-stored-secrets-dark.png') });
    expect(await stored.innerText()).toContain('UTCP config › Variables › weather_TOKEN = ••••••••');
    await stored.getByRole('button', { name: 'Forget UTCP config › Variables › weather_TOKEN' }).click();
    await page.getByText('Forgot the stored UTCP config › Variables › weather_TOKEN.').waitFor();
    expect(await stored.innerText()).not.toContain('weather_TOKEN');
    expect(readFileSync(path.join(app.home, 'secrets.json'), 'utf8')).not.toContain('tok-123456789');

    await tools.open();
    const error = page.getByTestId('toolbox-error-ovos-utcp-toolbox');
    await error.waitFor();
    expect(await error.innerText()).toContain("UTCP variable 'weather_TOKEN' is not set");
    expect(app.pageErrors).toEqual([]);
    await page.close();
  });
});
