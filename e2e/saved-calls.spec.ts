import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot, startApp, type App } from './fixtures/app';
import { testPersona, writePersona } from './fixtures/personas';
import { SavedCallsPanel } from './pages/saved-calls';
import { Sidebar } from './pages/sidebar';
import { ToolForm } from './pages/tool-form';

/** Saved calls (issue 14.5): the Tools pane's history outlives a reload, and a call kept by name re-runs in one click. */
let app: App;
let tools: ToolForm;
let calls: SavedCallsPanel;

async function openTool() {
  await new Sidebar(app.page).pick('calc');
  await tools.open();
  await tools.pick('evaluate_expression');
}

beforeAll(async () => {
  app = await startApp();
  writePersona(app.home, 'calc', testPersona(app.llm.url, 'Calculator'));
  await app.page.reload();
  tools = new ToolForm(app.page);
  calls = new SavedCallsPanel(app.page);
  await openTool();
});
afterAll(async () => app?.close());

describe('saved calls', () => {
  it('keeps the history over a reload, saves a call with a name and re-runs it in one click', async () => {
    await tools.field('expression').fill('12*9');
    await tools.run();
    expect(await tools.result()).toMatchObject({ result: 108 });
    await tools.field('expression').fill('2**10');
    await tools.run();
    await calls.historyRows().nth(1).waitFor();

    await app.page.reload();
    await openTool();
    await calls.historyRows().nth(1).waitFor();
    expect(await calls.historyRows().allInnerTexts()).toEqual([
      expect.stringContaining('{"expression":"2**10"}'),
      expect.stringContaining('{"expression":"12*9"}'),
    ]);
    const dir = path.join(app.home, 'call-history');
    expect(existsSync(path.join(dir, 'calc.json'))).toBe(true);

    await calls.save(1, 'Twelve nines');
    await tools.field('expression').fill('1+1');
    const before = await calls.historyRows().count();
    await calls.run('Twelve nines');
    await app.page.waitForFunction(
      (n) => document.querySelectorAll('[data-testid="history-call"]').length === n,
      before + 1,
    );
    expect(await tools.field('expression').inputValue()).toBe('12*9');
    expect(await tools.result()).toMatchObject({ result: 108 });
    expect(await calls.historyRows().first().innerText()).toContain('{"expression":"12*9"}');

    if (process.env.SCREENSHOTS_DIR) {
      await app.page.getByTestId('saved-calls').scrollIntoViewIfNeeded();
      const out = path.join(repoRoot, process.env.SCREENSHOTS_DIR);
      await app.page.screenshot({ path: path.join(out, 'saved-calls.png') });
      const dark = await app.newPage({ colorScheme: 'dark' });
      const darkTools = new ToolForm(dark);
      await new Sidebar(dark).pick('calc');
      await darkTools.open();
      await darkTools.pick('evaluate_expression');
      await dark.getByTestId('saved-calls').waitFor();
      await dark.screenshot({ path: path.join(out, 'saved-calls-dark.png') });
      await dark.close();
    }

    // The saved call outlives a reload too, apart from the history; rename and delete it.
    await app.page.reload();
    await openTool();
    await calls.saved('Twelve nines').waitFor();
    await calls.rename('Twelve nines', '12 × 9');
    await calls.delete('12 × 9');
    await app.page.getByTestId('no-saved-calls').waitFor();
    const stored = JSON.parse(readFileSync(path.join(dir, 'calc.json'), 'utf8'));
    expect(stored.saved).toEqual([]);
    expect(readdirSync(dir).filter((f) => f.startsWith('.tmp-'))).toEqual([]);
  });
});
