import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReceivedRequest } from '../src-main/core/testing/scripted-openai-server';
import { startApp, type App, screenshotsDir } from './fixtures/app';
import { testPersona, writePersona } from './fixtures/personas';
import { Chat } from './pages/chat';
import { PersonaEditor } from './pages/persona-editor';
import { Sidebar } from './pages/sidebar';
import { TestsScreen } from './pages/tests';
import { ToolForm } from './pages/tool-form';

const OUT = screenshotsDir();

let app: App;
let chat: Chat;
let tests: TestsScreen;

/**
 * The scripted model: it computes 12*9 with the tool and answers "The answer is 108."; once the system prompt
 * says to guess, it calls the tool with 12*8 and answers "About 96." (what a changed prompt does to a model).
 */
let slow = false;
function model(req: ReceivedRequest) {
  const messages = req.body.messages as { role: string; content: string }[];
  const guessing = messages.some((m) => m.role === 'system' && m.content.includes('guess'));
  if (messages.some((m) => m.role === 'tool')) return { content: guessing ? 'About 96.' : 'The answer is 108.' };
  return {
    delayMs: slow ? 600 : 0,
    content: 'I will compute it.',
    toolCalls: [{ name: 'evaluate_expression', arguments: { expression: guessing ? '12*8' : '12*9' } }],
  };
}

beforeAll(async () => {
  app = await startApp({ replies: model });
  writePersona(app.home, 'calc', testPersona(app.llm.url, 'Calculator'));
  await app.page.reload();
  await new Sidebar(app.page).pick('calc');
  chat = new Chat(app.page);
  tests = new TestsScreen(app.page);
});
afterAll(async () => app?.close());

describe('persona tests in the app', () => {
  it('says what to do when the persona has no tests', async () => {
    await tests.open();
    await app.page.getByTestId('tests-empty').waitFor();
    expect(await app.page.getByTestId('tests-empty').innerText()).toContain(
      'Open a chat session and press Save as test',
    );
  });

  it('Save as test from a chat run: the case editor is pre-filled, checks the schema, and saves', async () => {
    await chat.open();
    await chat.send('What is 12*9?');
    await chat.waitForEnd();
    await tests.saveAsTest();
    const draft = await tests.draft();
    expect(draft).toMatchObject({
      turns: ['What is 12*9?'],
      brain: 'live',
      tools: { evaluate_expression: { calls: [{ arguments: { expression: '12*9' }, result: { result: 108 } }] } },
      assertions: [
        { type: 'tool_arguments', tool: 'evaluate_expression', contains: { expression: '12*9' } },
        { type: 'no_tool_errors' },
        { type: 'answer_contains', value: 'The answer is 108.' },
      ],
    });
    // A broken edit names the field and keeps the text; fixing it saves.
    const broken = { ...draft, name: 'multiplies', assertions: [{ type: 'answer_contains' }] };
    await tests.editDraft(JSON.stringify(broken, null, 2));
    await tests.problems().waitFor();
    expect(await tests.problems().innerText()).toContain('assertions[0]');
    expect(await app.page.getByTestId('save-test').isDisabled()).toBe(true);
    expect(JSON.parse(await app.page.getByTestId('save-test-json').inputValue()).name).toBe('multiplies');
    await tests.editDraft(JSON.stringify({ ...draft, name: 'multiplies' }, null, 2));
    await tests.saveDraft();
    const file = path.join(app.home, 'suites', 'calc', 'calc.suite.json');
    expect(existsSync(file)).toBe(true);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({ persona: 'calc', cases: [{ name: 'multiplies' }] });
  });

  it('runs it in the Tests screen: green', async () => {
    await tests.open();
    await tests.testCase('multiplies').waitFor();
    expect(await tests.testCase('multiplies').getAttribute('data-status')).toBe('not-run');
    slow = true;
    await tests.runAll();
    // Progress while it runs: the case is marked running and the bar counts it.
    await tests.waitForStatus('multiplies', 'running');
    expect(await app.page.getByTestId('tests-progress').innerText()).toContain('0 of 1 done · 1 running');
    await tests.waitForStatus('multiplies', 'passed');
    slow = false;
    await tests.detail().locator('[data-testid="case-assertions"]').waitFor();
    expect(await tests.failedAssertions().count()).toBe(0);
    expect(await tests.detail().locator('[data-testid="assertion"][data-ok="true"]').count()).toBe(3);
    await tests.trace().getByTestId('trace-answer').waitFor();
    expect(await tests.trace().getByTestId('trace-answer').innerText()).toContain('The answer is 108.');
    expect(await tests.historyEntries().count()).toBe(1);
  });

  it('after the system prompt changes, the model behaves differently: red, the failing assertion beside its trace', async () => {
    const editor = new PersonaEditor(app.page);
    await editor.open();
    await editor.fill({ prompt: 'You do sums. When in doubt, guess.' });
    await editor.save();
    await editor.savedMark().waitFor();
    await tests.open();
    await tests.testCase('multiplies').click();
    await tests.runOne();
    await tests.waitForStatus('multiplies', 'failed');
    await tests.failedAssertions().first().waitFor();
    const failed = await tests.failedAssertions().allInnerTexts();
    expect(failed[0]).toContain('tool_arguments evaluate_expression ⊇ {"expression":"12*9"}');
    expect(failed[0]).toContain('it got {"expression":"12*8"}');
    expect(failed.join('\n')).toContain('no_tool_errors');
    expect(failed.join('\n')).toContain('step: turn 1 · iteration 1 · evaluate_expression');
    // Its trace is shown next to it, in the chat's cards: the call with other arguments was not in the recording.
    const tool = tests.trace().getByTestId('trace-tool').first();
    await tool.waitFor();
    expect(await tool.getAttribute('data-status')).toBe('error');
    expect(await tool.innerText()).toContain('no recorded call');
    expect(await tests.trace().getByTestId('trace-answer').innerText()).toContain('About 96.');
    const [side, trace] = [await tests.failedAssertions().first().boundingBox(), await tests.trace().boundingBox()];
    expect(trace!.x, 'the trace sits beside the verdicts').toBeGreaterThan(side!.x + side!.width - 1);
    // The trace's tool card opens in its form with the arguments the model sent, as in the chat.
    await tool.getByTestId('open-in-form').click();
    await app.page.getByTestId('tool-detail').waitFor();
    expect(await new ToolForm(app.page).field('expression').inputValue()).toBe('12*8');
    await tests.open();
    await tests.failedAssertions().first().waitFor();
    // The history keeps both results; the earlier green one opens again.
    expect(await tests.historyEntries().count()).toBe(2);
    await tests.historyEntries().nth(1).click();
    await app.page.waitForFunction(
      () =>
        document.querySelectorAll('[data-testid="case-detail"] [data-testid="assertion"][data-ok="false"]').length ===
        0,
    );
    // Re-run failed runs the red case again: still red, a third result in its history.
    await tests.rerunFailed();
    await tests.historyEntries().nth(2).waitFor();
    expect(await tests.testCase('multiplies').getAttribute('data-status')).toBe('failed');
    expect(app.pageErrors).toEqual([]);
  });

  it('screenshots: the red case beside its trace, and the Save as test editor (light and dark)', async () => {
    for (const scheme of ['light', 'dark'] as const) {
      const page = await app.newPage({ colorScheme: scheme });
      await new Sidebar(page).pick('calc');
      const screen = new TestsScreen(page);
      await screen.open();
      await screen.failedAssertions().first().waitFor();
      await screen.trace().getByTestId('trace-answer').waitFor();
      await page.waitForTimeout(150);
      await page.screenshot({ path: path.join(OUT, `tests-screen-${scheme}.png`) });
      const pageChat = new Chat(page);
      await pageChat.open();
      await pageChat.openSession();
      await pageChat.waitForEnd();
      await screen.saveAsTest();
      await page.waitForTimeout(150);
      await page.screenshot({ path: path.join(OUT, `tests-screen-save-${scheme}.png`) });
      await screen.dialog().getByRole('button', { name: 'Cancel' }).click();
      await screen.dialog().waitFor({ state: 'detached' });
      await page.close();
    }
    expect(app.pageErrors).toEqual([]);
  });
});
