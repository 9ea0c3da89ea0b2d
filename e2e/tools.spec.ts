import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot, startApp, type App } from './fixtures/app';
import { approvePrograms, testPersona, writePersona } from './fixtures/personas';
import { Sidebar } from './pages/sidebar';
import { ToolForm } from './pages/tool-form';

let app: App;
let tools: ToolForm;
let filesDir: string;

/** The trip persona plus the real MCP filesystem and everything servers as more MCP toolbox instances. */
function tripsWithFiles(llmUrl: string) {
  const persona = testPersona(llmUrl, 'Trip planner', { mcp: true });
  const loop = persona['ovos-native-toolcall-loop'] as Record<string, unknown> & { toolboxes: string[] };
  loop.toolboxes.push('ovos-mcp-toolbox:files', 'ovos-mcp-toolbox:everything');
  loop['ovos-mcp-toolbox:everything'] = {
    transport: 'stdio',
    command: process.execPath,
    args: [path.join(repoRoot, 'node_modules/@modelcontextprotocol/server-everything/dist/index.js'), 'stdio'],
  };
  loop['ovos-mcp-toolbox:files'] = {
    transport: 'stdio',
    command: process.execPath,
    args: [path.join(repoRoot, 'node_modules/@modelcontextprotocol/server-filesystem/dist/index.js'), filesDir],
  };
  return persona;
}

beforeAll(async () => {
  app = await startApp();
  filesDir = path.join(app.home, 'files');
  mkdirSync(filesDir);
  writeFileSync(path.join(filesDir, 'notes.txt'), 'alpha\nbeta\ngamma\n');
  const trips = tripsWithFiles(app.llm.url);
  writePersona(app.home, 'trips', trips);
  await approvePrograms(app.home, 'trips', trips);
  await app.page.reload();
  await new Sidebar(app.page).pick('trips');
  await app.page.getByTestId('toolbox-ovos-mcp-toolbox').waitFor();
  await app.page.getByTestId('saved-mark').waitFor();
  await app.page.waitForTimeout(300);
  expect(await app.page.getByTestId('dirty-mark').count(), 'opening a persona must not mark it as changed').toBe(0);
  tools = new ToolForm(app.page);
  await tools.open();
});
afterAll(async () => app?.close());

describe('tool forms', () => {
  it('fills a form with a nested object and an array of $ref objects, and shows the output', async () => {
    await tools.pick('plan_trip');
    await tools.field('from_city').fill('Lisbon');
    await tools.field('from_country').selectOption('PT');
    await tools.field('travellers_adults').fill('2');
    await tools.addItem('stops');
    await tools.field('stops_0_city').fill('Porto');
    await tools.field('stops_0_country').selectOption('ES');
    await tools.run();
    await tools.showRawResult();
    const out = await app.page.getByTestId('tool-result').innerText();
    expect(out).toContain('Porto');
    expect(out).toMatch(/"people": 2/);
    expect(await app.page.getByTestId('tool-duration').innerText()).toMatch(/ms/);
    expect(await tools.rawArgs()).toMatchObject({
      from: { city: 'Lisbon', country: 'PT' },
      travellers: { adults: 2 },
      stops: [{ city: 'Porto', country: 'ES' }],
    });
    await tools.formMode();
  });

  it('fills an array of numbers and re-runs a call from the history', async () => {
    await tools.pick('statistics_summary');
    for (const [i, n] of ['2', '4', '9'].entries()) {
      await tools.addItem('numbers');
      await tools.field(`numbers_${i}`).fill(n);
    }
    await app.page.keyboard.press('Control+Enter');
    await app.page.getByTestId('tool-result').waitFor();
    expect(await tools.result()).toMatchObject({ count: 3, mean: 5, median: 4 });
    await app.page.getByTestId('tool-history').getByRole('button', { name: 'Re-run' }).first().click();
    await app.page.waitForFunction(() => document.querySelectorAll('[data-testid="tool-history"] li').length === 2);
  });

  it('runs a tool from the keyboard alone: filter, Enter, type, Ctrl+Enter', async () => {
    await tools.filter().click();
    await app.page.keyboard.type('evaluate');
    await app.page.keyboard.press('Enter');
    await app.page.locator('[data-testid="tool-detail"] .tool-head h2', { hasText: 'evaluate_expression' }).waitFor();
    await app.page.keyboard.type('2 + 3 * 4');
    await app.page.keyboard.press('Control+Enter');
    expect(await tools.result()).toMatchObject({ result: 14 });
    await tools.filter().fill('');
  });

  it('blocks bad input in the form with the error on its field', async () => {
    await tools.pick('plan_trip');
    await tools.field('travellers_adults').fill('0');
    await tools.run();
    await tools.fieldErrors().first().waitFor();
    const errors = await tools.fieldErrors().allInnerTexts();
    expect(errors.join(' ')).toMatch(/required property/);
    expect(await app.page.getByTestId('tool-output').count()).toBe(0);
  });

  it("shows main's validation error and code for raw JSON, on the fields too", async () => {
    await tools.rawMode('{"from": {"city": "Lisbon", "country": "XX"}, "travellers": {"adults": 1}}');
    await tools.run();
    await tools.error().waitFor();
    expect(await tools.error().innerText()).toContain('tool_input_invalid');
    await tools.formMode();
    expect((await tools.fieldErrors().allInnerTexts()).join(' ')).toMatch(/XX|one of|enum|PT/i);
  });

  it('never sends stale arguments when the raw JSON does not parse', async () => {
    const before = await tools.history().count();
    await tools.rawMode('{"from": {"city": ');
    await app.page.getByTestId('raw-error').waitFor();
    expect(await app.page.getByTestId('run-tool').isDisabled()).toBe(true);
    await app.page.keyboard.press('Control+Enter');
    expect(await tools.history().count()).toBe(before);
    await tools.rawMode('{}');
    await tools.formMode();
  });

  it("does not call a valid output 'ok' when the tool reports an error in it, and keeps the history's arguments readable", async () => {
    await tools.pick('evaluate_expression');
    await tools.field('expression').fill('1 +* 2');
    await tools.run();
    await app.page.getByTestId('tool-reported-error').waitFor();
    expect(await app.page.getByTestId('tool-reported-error').innerText()).toContain('Syntax error: invalid syntax');
    expect(await app.page.locator('[data-testid="tool-output"] .output-head .badge').innerText()).toBe(
      'tool reported an error',
    );
    expect(await tools.history().first().locator('.badge').innerText()).toBe('reported error');
    const args = await tools.history().first().locator('code').boundingBox();
    expect(args!.width, 'the arguments get a line of their own in the history').toBeGreaterThan(250);
    expect(await tools.history().first().locator('code').innerText()).toBe('{"expression":"1 +* 2"}');
    await tools.pick('plan_trip');
  });

  it('shows the exact OpenAI tool JSON the model is sent', async () => {
    await app.page.getByTestId('openai-json').locator('summary').click();
    const json = JSON.parse(await app.page.getByTestId('openai-json').locator('pre').innerText());
    expect(json).toMatchObject({ type: 'function', function: { name: 'plan_trip', parameters: { type: 'object' } } });
    expect(app.pageErrors, app.pageErrors.join('\n')).toEqual([]);
  });

  it('heads two MCP toolboxes apart by their instance name', async () => {
    await app.page.getByTestId('instance-ovos-mcp-toolbox:files').waitFor();
    const headings = await app.page.getByTestId('tool-list').locator('h3').allInnerTexts();
    expect(headings.some((h) => /^MCP server\s*\d/i.test(h))).toBe(true);
    expect(headings.some((h) => /^MCP server · files\s*\d/i.test(h))).toBe(true);
  });

  it("fills the real filesystem server's edit_file: multi-line text kept, dryRun sent as an explicit choice", async () => {
    await tools.pick('edit_file');
    const file = path.join(filesDir, 'notes.txt');
    await tools.field('path').fill(file);
    await tools.addItem('edits');
    await tools.field('edits_0_oldText').fill('alpha\nbeta');
    await tools.field('edits_0_newText').fill('ALPHA');
    const dryRun = app.page.getByRole('radiogroup', { name: 'dryRun' });
    expect(await dryRun.getByRole('radio', { name: /not sent/ }).isChecked()).toBe(true);
    await dryRun.getByRole('radio', { name: 'true', exact: true }).check();
    await tools.run();
    await tools.showRawResult();
    expect(await app.page.getByTestId('tool-result').innerText()).toMatch(/-alpha[\s\S]*-beta[\s\S]*\+ALPHA/);
    expect(readFileSync(file, 'utf8'), 'a dry run changes nothing').toBe('alpha\nbeta\ngamma\n');
    expect(await tools.rawArgs()).toEqual({
      path: file,
      edits: [{ oldText: 'alpha\nbeta', newText: 'ALPHA' }],
      dryRun: true,
    });
    await tools.formMode();
  });

  it("shows server-everything's defaults as placeholders that are not sent, and sends an explicit false", async () => {
    await tools.pick('trigger-long-running-operation');
    expect(await tools.field('duration').getAttribute('placeholder')).toBe('10');
    expect(await app.page.getByTestId('tool-detail').innerText()).toContain(
      'Default: 10. Left empty, it is not sent and the default applies.',
    );
    expect(await tools.rawArgs()).toEqual({});
    await tools.formMode();
    await tools.pick('get-annotated-message');
    await tools.field('messageType').selectOption('success');
    await app.page
      .getByRole('radiogroup', { name: 'includeImage' })
      .getByRole('radio', { name: 'false', exact: true })
      .check();
    await tools.run();
    await tools.showRawResult();
    expect(await tools.rawArgs()).toEqual({ messageType: 'success', includeImage: false });
    await tools.formMode();
  });

  it('shows what the server said when a call fails (the cause of tool_execution_failed)', async () => {
    await tools.pick('crash');
    await tools.run();
    await tools.error().waitFor();
    expect(await tools.error().innerText()).toContain('tool_execution_failed');
    expect(await tools.error().getByTestId('error-cause').innerText()).toContain(
      "closed the connection during the call to 'crash'",
    );
  });

  it('opens the persona that was open after a reload, not the first of the list', async () => {
    expect((await new Sidebar(app.page).names())[0]).not.toBe('Trip planner');
    await app.page.reload();
    await app.page.waitForFunction(
      () => document.querySelector('[data-testid="persona-trips"]')?.getAttribute('aria-current') === 'true',
    );
    expect(await app.page.getByTestId('persona-title').innerText()).toBe('Trip planner');
  });
});
