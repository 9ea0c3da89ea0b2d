import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot, startApp, type App, screenshotsDir } from './fixtures/app';
import { approvePrograms, testPersona, writePersona } from './fixtures/personas';
import { Sidebar } from './pages/sidebar';
import { ToolForm } from './pages/tool-form';

const OUT = screenshotsDir();
let app: App;

beforeAll(async () => {
  app = await startApp();
  const persona = testPersona(app.llm.url, 'Trip planner', { mcp: true });
  const loop = persona['ovos-native-toolcall-loop'] as Record<string, unknown> & { toolboxes: string[] };
  loop.toolboxes.push('ovos-mcp-toolbox:files');
  loop['ovos-mcp-toolbox:files'] = {
    transport: 'stdio',
    command: process.execPath,
    args: [path.join(repoRoot, 'node_modules/@modelcontextprotocol/server-filesystem/dist/index.js'), app.home],
  };
  writePersona(app.home, 'trip-planner', persona);
  await approvePrograms(app.home, 'trip-planner', persona);
  writeFileSync(path.join(app.home, 'notes.txt'), 'The first line\nand the second\nand a third\n');
  await app.page.close();
});
afterAll(async () => app?.close());

type Box = { x: number; y: number; width: number; height: number };
const box = async (page: Page, testId: string, css?: string): Promise<Box> => {
  const loc = css ? page.locator(css).first() : page.getByTestId(testId);
  return (await loc.boundingBox())!;
};

/** The Tools pane with plan_trip filled in and run, at one window width: where the form and the output are. */
async function toolsAt(scheme: 'light' | 'dark', width: number) {
  const page = await app.newPage({ colorScheme: scheme });
  await page.setViewportSize({ width, height: 800 });
  await new Sidebar(page).pick('trip-planner');
  const tools = new ToolForm(page);
  await tools.open();
  await tools.pick('plan_trip');
  await tools.field('from_city').fill('Lisbon');
  await tools.field('from_country').selectOption('PT');
  await tools.addItem('stops');
  await tools.field('stops_0_city').fill('Porto');
  await tools.field('stops_0_country').selectOption('PT');
  await tools.field('travellers_adults').fill('2');
  await tools.run();
  await tools.showRawResult();
  await page.getByTestId('tool-detail').evaluate((el) => el.scrollTo(0, 0));
  await page.waitForTimeout(150);
  const form = await box(page, '', '.form-card');
  const output = await box(page, 'tool-output');
  const list = await box(page, 'tool-list');
  return { page, form, output, list };
}

describe('Tools pane layout', () => {
  for (const scheme of ['light', 'dark'] as const) {
    it(`at 1280 px (${scheme}), the form column is wide enough and the output beside it`, async () => {
      const { page, form, output } = await toolsAt(scheme, 1280);
      await page.screenshot({ path: path.join(OUT, `tools-1280-${scheme}.png`) });
      expect(form.width, 'form column width').toBeGreaterThanOrEqual(400);
      expect(output.x, 'the output is to the right of the form').toBeGreaterThanOrEqual(form.x + form.width);
      expect(output.width, 'the output is readable').toBeGreaterThanOrEqual(260);
      await page.context().close();
    });

    it(`at 1024 px (${scheme}), the output stays beside the form, not below it`, async () => {
      const { page, form, output, list } = await toolsAt(scheme, 1024);
      await page.screenshot({ path: path.join(OUT, `tools-1024-${scheme}.png`) });
      expect(output.x, 'the output is to the right of the form').toBeGreaterThanOrEqual(form.x + form.width);
      expect(output.y, 'the output starts level with the form').toBeLessThan(form.y + 40);
      expect(form.width, 'form column width').toBeGreaterThanOrEqual(360);
      expect(list.width, 'the tool list is still there').toBeGreaterThan(0);
      await page.context().close();
    });

    it(`at 1360 px (${scheme}), the README picture`, async () => {
      const { page, form, output } = await toolsAt(scheme, 1360);
      await page.screenshot({ path: path.join(OUT, `tools-${scheme}.png`) });
      expect(output.x).toBeGreaterThanOrEqual(form.x + form.width);
      await page.context().close();
    });
  }

  for (const scheme of ['light', 'dark'] as const) {
    it(`shows a real server's form with its widgets (${scheme})`, async () => {
      const page = await app.newPage({ colorScheme: scheme });
      await page.setViewportSize({ width: 1280, height: 800 });
      await new Sidebar(page).pick('trip-planner');
      const tools = new ToolForm(page);
      await tools.open();
      await tools.pick('edit_file');
      await tools.field('path').fill(path.join(app.home, 'notes.txt'));
      await tools.addItem('edits');
      await tools.field('edits_0_oldText').fill('The first line\nand the second');
      await tools.field('edits_0_newText').fill('One line');
      await page.getByRole('radiogroup', { name: 'dryRun' }).getByRole('radio', { name: 'true', exact: true }).check();
      await tools.run();
      await page.getByTestId('tool-output').waitFor();
      await page.waitForTimeout(150);
      await page.screenshot({ path: path.join(OUT, `tools-widgets-${scheme}.png`) });
      await page.getByTestId('tab-editor').click();
      const files = page.getByTestId('toolbox-ovos-mcp-toolbox:files');
      expect(await files.getByLabel('URL').isVisible()).toBe(false);
      // A map's new entry on one row: its name, an empty value (labelled by the name), a remove button named after it.
      await files.getByRole('button', { name: 'Add item to Environment' }).click();
      expect(await files.locator('.kv-pair .kv-key input').inputValue()).toBe('newKey');
      expect(await files.getByLabel('newKey', { exact: true }).inputValue()).toBe('');
      await files.getByLabel('newKey', { exact: true }).fill('production');
      expect(await files.getByRole('button', { name: 'Remove newKey' }).isVisible()).toBe(true);
      await files.scrollIntoViewIfNeeded();
      await page.waitForTimeout(150);
      await page.screenshot({ path: path.join(OUT, `editor-mcp-config-${scheme}.png`) });
      await page.context().close();
    });
  }

  it('logs no page errors', () => {
    expect(app.pageErrors, app.pageErrors.join('\n')).toEqual([]);
  });
});
