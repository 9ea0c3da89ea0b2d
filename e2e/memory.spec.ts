import { readFileSync } from 'node:fs';
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
      const turns = [
        ['My name is Ana.', 'Hello Ana.'],
        ['I am going to Porto.', 'Noted: Porto.'],
        ['Who am I and where am I going?', 'You are Ana, going to Porto.'],
      ];
      for (const [message, answer] of turns) {
        await chat.send(message);
        // waitForEnd alone would return on an earlier turn's end card: wait for this turn's answer first.
        await page.getByTestId('trace-answer').filter({ hasText: answer }).waitFor();
        await chat.waitForEnd();
      }
      const rows = page.getByTestId('trace-memory');
      // The last turn's rows may paint a moment after its end: wait for them, as a user's eye would.
      // One memory row per turn: the trace pane is virtualized (the first turn's row may be scrolled out of the
      // DOM), so count them in the session the pane shows, and check the last one on screen.
      const sessionFile = path.join(
        app.home,
        'sessions',
        `${await page.getByTestId('session-select').inputValue()}.jsonl`,
      );
      const memoryEvents = readFileSync(sessionFile, 'utf8')
        .split('\n')
        .filter((line) => line.includes('"type":"memory_context"'));
      expect(memoryEvents).toHaveLength(3);
      await expect
        .poll(() => rows.last().innerText())
        .toContain('Memory: ovos-agents-short-term-memory-plugin (2 earlier messages sent, 2 left out)');
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
