import http from 'node:http';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type App, screenshotsDir } from './fixtures/app';
import { PersonaEditor } from './pages/persona-editor';
import { Sidebar } from './pages/sidebar';
import { ToolForm } from './pages/tool-form';

let app: App;
let provider: http.Server;
let base = '';
/** The Authorization header of each request the UTCP provider got. */
const seen: Array<{ url: string; authorization: string | undefined }> = [];

/** A UTCP provider on loopback: GET /utcp is its manual (one tool), GET /weather answers it. */
function startProvider(): Promise<void> {
  provider = http.createServer((req, res) => {
    seen.push({ url: req.url ?? '', authorization: req.headers.authorization });
    const json = (value: unknown) =>
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(value));
    if (req.url === '/utcp')
      return json({
        utcp_version: '1.0.0',
        manual_version: '1.0.0',
        tools: [
          {
            name: 'get_weather',
            description: 'Current weather for a city.',
            inputs: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
            outputs: { type: 'object', properties: { city: { type: 'string' }, celsius: { type: 'number' } } },
            tags: [],
            tool_call_template: { call_template_type: 'http', http_method: 'GET', url: `${base}/weather` },
          },
        ],
      });
    const city = new URL(req.url ?? '/', base).searchParams.get('city');
    return json({ city, celsius: 21 });
  });
  return new Promise((resolve) =>
    provider.listen(0, '127.0.0.1', () => {
      base = `http://127.0.0.1:${(provider.address() as { port: number }).port}`;
      resolve();
    }),
  );
}

beforeAll(async () => {
  await startProvider();
  app = await startApp();
});
afterAll(async () => {
  await app?.close();
  provider?.close();
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
    await block.locator('[id$="_manual_call_templates_0_url"]').fill(`${base}/utcp`);
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
    expect(await tools.result()).toMatchObject({ city: 'Porto', celsius: 21 });
    expect(seen.find((r) => r.url === '/utcp')?.authorization).toBe('Bearer tok-123456789');

    await editor.open();
    const stored = page.getByTestId('stored-secrets-ovos-utcp-toolbox');
    await stored.scrollIntoViewIfNeeded();
    expect(await stored.innerText()).toContain('utcp_config.variables.weather_TOKEN = ••••••••');
    await stored.getByRole('button', { name: 'Forget utcp_config.variables.weather_TOKEN' }).click();
    await page.getByText('Forgot the stored utcp_config.variables.weather_TOKEN.').waitFor();
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
