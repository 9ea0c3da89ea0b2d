import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type App } from './fixtures/app';
import { PersonaEditor } from './pages/persona-editor';
import { Sidebar } from './pages/sidebar';
import { VersionsDialog } from './pages/versions';

/** Where the PNGs go: a temp folder on every test run; `SCREENSHOTS_DIR=docs/screenshots` refreshes the README's. */
const OUT = process.env.SCREENSHOTS_DIR
  ? path.resolve(process.env.SCREENSHOTS_DIR)
  : path.join(tmpdir(), 'persona-studio-screenshots');

let app: App;
let sidebar: Sidebar;
let editor: PersonaEditor;
let versions: VersionsDialog;

beforeAll(async () => {
  app = await startApp({ replies: [] });
  sidebar = new Sidebar(app.page);
  editor = new PersonaEditor(app.page);
  versions = new VersionsDialog(app.page);
});
afterAll(async () => app?.close());

describe('persona versions', () => {
  it('lists a version per save, diffs one against the current persona, and restores it as the newest', async () => {
    await sidebar.pick('assistant');
    await editor.open();
    await editor.fill({ prompt: 'You are terse.', url: app.llm.url, model: 'scripted-model' });
    await editor.save();
    await editor.savedMark().waitFor();
    await editor.fill({ prompt: 'You answer in French.' });
    await editor.save();
    await editor.savedMark().waitFor();

    await versions.open();
    await versions.items().nth(1).waitFor();
    expect(await versions.items().count()).toBeGreaterThanOrEqual(2);
    await versions.choose(1);
    await app.page.getByText('line(s) differ').waitFor();
    const changed = await versions.changedLines();
    expect(changed.some((l) => l.startsWith('-') && l.includes('You are terse.'))).toBe(true);
    expect(changed.some((l) => l.startsWith('+') && l.includes('You answer in French.'))).toBe(true);
    await app.page.screenshot({ path: path.join(OUT, 'persona-versions.png') });

    await versions.restore();
    expect(await app.page.locator('#persona-prompt').inputValue()).toBe('You are terse.');
    await versions.open();
    await versions.items().first().waitFor();
    expect(await versions.items().first().innerText()).toContain('current');
    // Restoring the version that is current is not offered.
    await versions.choose(0);
    expect(await app.page.getByTestId('version-restore').isDisabled()).toBe(true);
    await app.page.keyboard.press('Escape');
    expect(app.pageErrors).toEqual([]);
  });
});
