import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type App, screenshotsDir } from './fixtures/app';
import { testPersona, writePersona } from './fixtures/personas';
import { Chat } from './pages/chat';
import { Sidebar } from './pages/sidebar';

const OUT = screenshotsDir();
let app: App;

beforeAll(async () => {
  app = await startApp();
  writePersona(app.home, 'calc', testPersona(app.llm.url, 'Calculator'));
});
afterAll(async () => app?.close());

describe('notices', () => {
  it('a reopened session whose file lost its end says so, in a notice that stays until dismissed', async () => {
    const page = app.page;
    await page.reload();
    await new Sidebar(page).pick('calc');
    const chat = new Chat(page);
    await chat.open();
    app.llm.setReplies({ content: 'The answer is 108.' });
    await chat.send('What is 12*9?');
    await chat.waitForEnd();
    // What a crash leaves: the run's end never reached the file, and half a line did.
    const dir = path.join(app.home, 'sessions');
    const file = path.join(
      dir,
      readdirSync(dir).find((n) => n.endsWith('.jsonl'))!,
    );
    const lines = readFileSync(file, 'utf8').trimEnd().split('\n');
    writeFileSync(file, `${lines.slice(0, -1).join('\n')}\n{"runId":"run_x","seq":9,"ty`);
    for (const scheme of ['light', 'dark'] as const) {
      const view = await app.newPage({ colorScheme: scheme });
      await new Sidebar(view).pick('calc');
      const c = new Chat(view);
      await c.open();
      await view
        .getByTestId('session-select')
        .locator('option', { hasText: 'What is 12*9?' })
        .waitFor({ state: 'attached' });
      await c.openSession('What is 12*9?');
      const notices = view.getByRole('region', { name: 'Notices' });
      await notices.getByText('The file ends before a run ended').waitFor();
      expect(await notices.innerText()).toContain('skipped 1 unreadable line(s) of the file');
      // The run cut short is not shown as still going (no "Waiting for the model…", no Cancel).
      await expect.poll(() => view.getByText('Waiting for the model…').count()).toBe(0);
      expect(await view.getByRole('button', { name: 'Cancel' }).count()).toBe(0);
      await view.waitForTimeout(150);
      await view.screenshot({ path: path.join(OUT, `notices-session-short-${scheme}.png`) });
      await notices.getByRole('button', { name: 'Dismiss notice' }).first().click();
      await notices.getByRole('button', { name: 'Dismiss notice' }).first().click();
      await expect.poll(() => notices.count()).toBe(0);
      await view.close();
    }
    expect(app.pageErrors).toEqual([]);
  }, 60_000);
});
