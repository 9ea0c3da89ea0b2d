import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot, startApp, type App } from './fixtures/app';
import { testPersona, writePersona } from './fixtures/personas';
import { PersonaEditor } from './pages/persona-editor';
import { Sidebar } from './pages/sidebar';
import { ToolForm } from './pages/tool-form';

/** Per-tool switches in the Tools pane (issue 14.4): turned off = dimmed, saved in the persona, off the model's list. */
let app: App;

beforeAll(async () => {
  app = await startApp();
  writePersona(app.home, 'calc', testPersona(app.llm.url, 'Calculator'));
  await app.page.reload();
  await new Sidebar(app.page).pick('calc');
});
afterAll(async () => app?.close());

describe('tool switches', () => {
  it('turns a tool off (dimmed, saved in the persona file), then on again', async () => {
    const tools = new ToolForm(app.page);
    await tools.open();
    const toggle = app.page.getByRole('switch', { name: 'Turn off unit_convert for this persona' });
    expect(await toggle.isChecked()).toBe(true);
    await toggle.click();
    await app.page.locator('li.tool-off [data-testid="tool-unit_convert"]').waitFor();
    const file = () => JSON.parse(readFileSync(path.join(app.home, 'personas', 'calc.json'), 'utf8'));
    expect(file().persona_studio.tools.disabled).toEqual(['ovos-math-tools/unit_convert']);
    await tools.pick('unit_convert');
    await app.page.getByTestId('tool-off').waitFor();
    // The editor does not see the switch as an unsaved change.
    await app.page.waitForTimeout(200);
    expect(await app.page.getByTestId('dirty-mark').count()).toBe(0);
    if (process.env.SCREENSHOTS_DIR) {
      const out = path.resolve(repoRoot, process.env.SCREENSHOTS_DIR);
      await app.page.screenshot({ path: path.join(out, 'tools-switch-off-light.png') });
      const dark = await app.newPage({ colorScheme: 'dark' });
      await new Sidebar(dark).pick('calc');
      const darkTools = new ToolForm(dark);
      await darkTools.open();
      await darkTools.pick('unit_convert');
      await dark.getByTestId('tool-off').waitFor();
      await dark.waitForTimeout(150);
      await dark.screenshot({ path: path.join(out, 'tools-switch-off-dark.png') });
      await dark.close();
    }
    await app.page.getByRole('switch', { name: 'Turn on unit_convert for this persona' }).click();
    await app.page.getByTestId('tool-off').waitFor({ state: 'detached' });
    expect(file().persona_studio).toBeUndefined();
  });

  it('the Editor\'s "accepts images" box saves the brain\'s vision key', async () => {
    const editor = new PersonaEditor(app.page);
    await editor.open();
    await app.page.locator('#brain-vision').check();
    await editor.save();
    await editor.savedMark().waitFor();
    const file = JSON.parse(readFileSync(path.join(app.home, 'personas', 'calc.json'), 'utf8'));
    expect(file['ovos-native-toolcall-loop']['ovos-chat-openai-plugin'].vision).toBe(true);
    if (process.env.SCREENSHOTS_DIR) {
      await app.page.locator('#brain-vision').scrollIntoViewIfNeeded();
      await app.page.waitForTimeout(150);
      await app.page.screenshot({
        path: path.join(path.resolve(repoRoot, process.env.SCREENSHOTS_DIR), 'editor-brain-vision-light.png'),
      });
    }
  });
});
