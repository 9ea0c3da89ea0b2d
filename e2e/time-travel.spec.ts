import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReceivedRequest, ScriptedReply } from '../src-main/core/testing/scripted-openai-server';
import { repoRoot, startApp, type App } from './fixtures/app';
import { testPersona, writePersona } from './fixtures/personas';
import { Chat } from './pages/chat';
import { Sidebar } from './pages/sidebar';
import { TimeTravel } from './pages/time-travel';

/** Where the PNGs go: a temp folder on every test run; `SCREENSHOTS_DIR=docs/screenshots` refreshes the README's. */
const OUT = process.env.SCREENSHOTS_DIR
  ? path.resolve(repoRoot, process.env.SCREENSHOTS_DIR)
  : path.join(tmpdir(), 'persona-studio-screenshots');

let app: App;
let chat: Chat;
let tt: TimeTravel;

type Message = { role: string; content: string | null };
const toolMessages = (r: ReceivedRequest) => (r.body.messages as Message[]).filter((m) => m.role === 'tool');

/** Calls evaluate_expression once (on the first request of a run), then says the result the tool fed back. */
function calcThenSay(request: ReceivedRequest): ScriptedReply {
  const fed = toolMessages(request).at(-1)?.content;
  if (!fed) return { toolCalls: [{ id: 'call_a', name: 'evaluate_expression', arguments: { expression: '12*9' } }] };
  const v = JSON.parse(fed) as { result?: unknown };
  return { content: `The result is ${String(v.result)}.` };
}

beforeAll(async () => {
  mkdirSync(OUT, { recursive: true });
  app = await startApp();
  writePersona(app.home, 'calc', testPersona(app.llm.url, 'Calculator'));
  await app.page.reload();
  await new Sidebar(app.page).pick('calc');
  chat = new Chat(app.page);
  await chat.open();
  tt = new TimeTravel(app.page);
});
afterAll(async () => app?.close());

describe('time travel', () => {
  it('forks run A at its TOOL card with an edited result, goes on live, and the diff highlights the change', async () => {
    app.llm.setReplies(calcThenSay);
    await chat.send('What is 12*9?');
    await chat.waitForEnd();
    expect(await chat.answer().innerText()).toContain('The result is 108.');
    expect(app.llm.chatRequests).toHaveLength(2);

    await tt.forkAtTool('call_a', { result: 120, expression: '12*9', error: null });
    await chat.page.getByText('The result is 120.').waitFor();
    await chat.waitForEnd();
    await app.page.getByTestId('run-status').waitFor({ state: 'detached' });
    // The copied prefix sent nothing: one request for the fork, carrying the edited result.
    expect(app.llm.chatRequests).toHaveLength(3);
    expect(toolMessages(app.llm.chatRequests[2])[0].content).toContain('"result":120');
    const card = tt.toolCard('call_a');
    await card.getByTestId('badge-mocked').waitFor();
    expect(await card.getByTestId('trace-tool-result').innerText()).toContain('120');
    expect(await tt.origin().innerText()).toMatch(/Forked from “What is 12\*9\?” at TOOL evaluate_expression/);

    const labels = await tt.treeLabels();
    expect(labels).toHaveLength(2);
    expect(labels[0]).toMatch(/^What is 12\*9\?/);
    expect(labels[1]).toMatch(/└ fork · What is 12\*9\?/);

    const diff = await tt.openDiff();
    expect(await diff.getByTestId('diff-verdict').innerText()).toBe('the runs differ');
    const tool = diff.locator('[data-testid="diff-tool"][data-status="changed"]');
    expect(await tool.getByTestId('diff-result-a').locator('mark.diff-del').innerText()).toContain('108');
    expect(await tool.getByTestId('diff-result-b').locator('mark.diff-add').innerText()).toContain('120');
    expect(await diff.getByTestId('diff-answer-a').locator('del').innerText()).toContain('108');
    expect(await diff.getByTestId('diff-answer-b').locator('ins').innerText()).toContain('120');
    await app.page.screenshot({ path: path.join(OUT, 'diff.png') });
    const dark = await app.newPage({ colorScheme: 'dark' });
    await new Sidebar(dark).pick('calc');
    await new Chat(dark).open();
    await new TimeTravel(dark).openDiff();
    await dark.screenshot({ path: path.join(tmpdir(), 'persona-studio-diff-dark.png') });
    await dark.close();
    await app.page.keyboard.press('Escape');
    await diff.waitFor({ state: 'detached' });

    // Back to A at the step the fork came from.
    await app.page.getByTestId('origin-link').click();
    await tt.origin().waitFor({ state: 'detached' });
    expect(await chat.answer().innerText()).toContain('The result is 108.');
    const revealed = app.page.locator('[data-revealed] [data-testid="trace-tool"]');
    expect(await revealed.getAttribute('data-tool-call-id')).toBe('call_a');
    expect(await revealed.getByTestId('trace-tool-result').innerText()).toContain('108');
  });

  it('re-runs A from "Re-run with…" with recorded tools: same turn, no live tool call, a child in the tree', async () => {
    const before = app.llm.chatRequests.length;
    await app.page.getByTestId('rerun-open').click();
    const dialog = app.page.getByTestId('rerun-dialog');
    await dialog.getByLabel('answered from the recording (same name and arguments)').check();
    await dialog.getByLabel('fail as "no recorded result"').check();
    await app.page.screenshot({ path: path.join(OUT, 'rerun.png') });
    await dialog.getByTestId('rerun-submit').click();
    await dialog.waitFor({ state: 'detached' });
    await tt.origin().getByText('Re-run of').waitFor();
    await chat.page.getByText('The result is 108.').waitFor();
    await app.page.getByTestId('run-status').waitFor({ state: 'detached' });
    const sent = app.llm.chatRequests.slice(before);
    expect(sent).toHaveLength(2);
    expect((sent[0].body.messages as Message[]).filter((m) => m.role === 'user').at(-1)?.content).toBe('What is 12*9?');
    await tt.toolCard('call_a').getByTestId('badge-mocked').waitFor();
    const labels = await tt.treeLabels();
    expect(labels).toHaveLength(3);
    expect(labels.filter((l) => l.includes('└ re-run ·'))).toHaveLength(1);

    // The picker's options shown open (a native drop-down is not in a screenshot): the tree as the user sees it.
    const picker = app.page.getByTestId('session-select');
    await picker.evaluate((el) => el.setAttribute('size', '4'));
    await app.page.screenshot({
      path: path.join(OUT, 'session-tree.png'),
      clip: { x: 0, y: 0, width: 1360, height: 420 },
    });
    await picker.evaluate((el) => el.removeAttribute('size'));
  });

  it('screenshots the fork dialog at a TOOL card', async () => {
    await tt.toolCard('call_a').getByTestId('fork-here').click();
    await tt.dialog().getByTestId('fork-result').waitFor();
    await app.page.screenshot({ path: path.join(OUT, 'fork.png') });
    await app.page.keyboard.press('Escape');
    await tt.dialog().waitFor({ state: 'detached' });
  });
});
