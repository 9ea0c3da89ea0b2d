import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot, startApp, type App } from './fixtures/app';
import { testPersona, writePersona } from './fixtures/personas';
import { Chat } from './pages/chat';
import { Sidebar } from './pages/sidebar';

/** A temp folder on every test run; `SCREENSHOTS_DIR=docs/screenshots` refreshes the README's. */
const OUT = process.env.SCREENSHOTS_DIR
  ? path.resolve(repoRoot, process.env.SCREENSHOTS_DIR)
  : path.join(tmpdir(), 'persona-studio-screenshots');
let app: App;

beforeAll(async () => {
  mkdirSync(OUT, { recursive: true });
  app = await startApp();
  writePersona(app.home, 'memo', {
    ...testPersona(app.llm.url, 'Memo'),
    'ovos-agents-short-term-memory-plugin': { max_history: 2 },
  });
  await app.page.close();
});
afterAll(async () => app?.close());

describe('memory in the chat pane', () => {
  for (const scheme of ['light', 'dark'] as const) {
    it(`shows what the short-term memory put into the request (${scheme})`, async () => {
      const page = await app.newPage({ colorScheme: scheme });
      await new Sidebar(page).pick('memo');
      const chat = new Chat(page);
      await chat.open();
      if (await page.getByTestId('new-chat').isEnabled()) await chat.newChat();
      app.llm.setReplies(
        { content: 'Hello Ana.' },
        { content: 'Noted: Porto.' },
        { content: 'You are Ana, going to Porto.' },
      );
      for (const message of ['My name is Ana.', 'I am going to Porto.', 'Who am I and where am I going?']) {
        await chat.send(message);
        await chat.waitForEnd();
      }
      const rows = page.getByTestId('trace-memory');
      expect(await rows.count()).toBe(3);
      expect(await rows.last().innerText()).toContain(
        'Memory: ovos-agents-short-term-memory-plugin (2 earlier messages sent, 2 left out)',
      );
      await rows.last().getByRole('button', { name: 'Show what memory sent' }).click();
      expect(await page.getByTestId('trace-memory-details').innerText()).toBe(
        'user: I am going to Porto.\n\nassistant: Noted: Porto.',
      );
      expect(app.llm.chatRequests.at(-1)!.body.messages.slice(1)).toEqual([
        { role: 'user', content: 'I am going to Porto.' },
        { role: 'assistant', content: 'Noted: Porto.' },
        { role: 'user', content: 'Who am I and where am I going?' },
      ]);
      await page.waitForTimeout(150);
      await page.screenshot({ path: path.join(OUT, `chat-memory-row-${scheme}.png`) });
      await page.close();
    });
  }
});
