import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SessionStore } from '../src-main/core/sessions';
import { sampleRun } from '../src-renderer/lib/trace-fixtures';
import { startApp, type App } from './fixtures/app';
import { testPersona, writePersona } from './fixtures/personas';
import { Chat } from './pages/chat';
import { Sidebar } from './pages/sidebar';

let app: App;
let chat: Chat;
const RUNS = 2_000;
const EVENTS = RUNS * sampleRun().length;

beforeAll(async () => {
  app = await startApp();
  writePersona(app.home, 'calc', testPersona(app.llm.url, 'Calculator'));
  // A session longer than the window keeps (20,000 events), written as the app writes sessions.
  const store = new SessionStore(path.join(app.home, 'sessions'));
  for (let r = 0; r < RUNS; r++)
    await Promise.all(
      sampleRun(`run-${r}`, 'long', 5).map((e) =>
        store.append('long', e.type === 'user_message' ? { ...e, content: `Question ${r}` } : e),
      ),
    );
  await store.flush();
  await app.page.reload();
  await new Sidebar(app.page).pick('calc');
  chat = new Chat(app.page);
  await chat.open();
}, 120_000);
afterAll(async () => app?.close());

describe('a session longer than the window', () => {
  it('opens at its newest run, says how many earlier events are not shown, and loads them on demand', async () => {
    // The session list is read when the persona is picked; the session is listed once it came.
    const select = app.page.getByTestId('session-select');
    await expect.poll(() => select.innerHTML(), { timeout: 30_000 }).toContain('Question 0');
    await chat.openSession('Question 0');
    await app.page
      .getByTestId('trace-user')
      .filter({ hasText: `Question ${RUNS - 1}` })
      .waitFor();
    const line = app.page.getByTestId('earlier-events');
    const older = (EVENTS - 20_000).toLocaleString('en');
    await expect
      .poll(() => line.innerText(), { timeout: 30_000 })
      .toBe(`${older} earlier events are not shown. Load earlier events`);
    await app.page.getByRole('button', { name: 'Load earlier events' }).click();
    await line.waitFor({ state: 'detached' });
    expect(app.pageErrors, app.pageErrors.join('\n')).toEqual([]);
  });
});
