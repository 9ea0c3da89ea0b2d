import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type App } from './fixtures/app';
import { Bundles } from './pages/bundles';
import { Chat } from './pages/chat';
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
afterAll(async () => {
  await other?.close();
  await app?.close();
});

let other: App | undefined;

type Event = Record<string, unknown> & { type: string };
/** A session file's events. */
function sessionEvents(home: string, sessionId: string): Event[] {
  return readFileSync(path.join(home, 'sessions', `${sessionId}.jsonl`), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Event);
}
/** A trace without what differs between two runs of the same steps: ids, times, durations, the brain's name. */
function comparable(events: Event[]): unknown[] {
  return events.map((e) => {
    const rest: Record<string, unknown> = { ...e };
    for (const k of ['runId', 'at', 'durationMs', 'sessionId', 'personaId', 'ttftMs', 'raw', 'brain', 'model'])
      delete rest[k];
    return rest;
  });
}

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
    await app.page.getByText('This is the persona as saved now.').waitFor();
    expect(await app.page.getByTestId('version-restore').isDisabled()).toBe(true);
    await app.page.keyboard.press('Escape');
    expect(app.pageErrors).toEqual([]);
  });
});

describe('run bundles', () => {
  it('run A, export a bundle, open it in a fresh data folder, re-run offline: the same trace', async () => {
    const chat = new Chat(app.page);
    await chat.open();
    app.llm.setReplies(
      { toolCalls: [{ name: 'evaluate_expression', arguments: { expression: '6*7' } }] },
      { content: 'It is 42.' },
    );
    await chat.send('What is 6*7?');
    await chat.waitForEnd();
    expect(await chat.answer().innerText()).toContain('It is 42.');
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'bundle-')), 'a.bundle.json');
    await new Bundles(app.page).exportTo(file);
    const bundle = JSON.parse(readFileSync(file, 'utf8'));
    const original = sessionEvents(app.home, bundle.session.id);

    other = await startApp({ replies: [] });
    const bundles = new Bundles(other.page);
    await new Sidebar(other.page).entry('assistant').waitFor();
    await bundles.open(file);
    expect(await bundles.banner().innerText()).toContain('Read-only');
    expect(await other.page.getByTestId('chat-input').isDisabled()).toBe(true);
    await new Chat(other.page).answer().waitFor();
    await other.page.screenshot({ path: path.join(OUT, 'bundle-open.png') });

    const before = new Set(readdirSync(path.join(other.home, 'sessions')));
    await bundles.rerunOffline();
    await new Chat(other.page).waitForEnd();
    const [rerun] = readdirSync(path.join(other.home, 'sessions')).filter(
      (f) => f.endsWith('.jsonl') && !before.has(f),
    );
    const again = sessionEvents(other.home, rerun.replace(/\.jsonl$/, ''));
    expect(comparable(again)).toEqual(comparable(original));
    expect(other.llm.chatRequests).toHaveLength(0);
    expect(other.pageErrors).toEqual([]);
  });
});
