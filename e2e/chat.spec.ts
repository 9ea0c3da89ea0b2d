import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import { screenshotsDir, startApp, type App } from './fixtures/app';
import { testPersona, writePersona } from './fixtures/personas';
import { Chat } from './pages/chat';
import { Sidebar } from './pages/sidebar';
import { TimeTravel } from './pages/time-travel';
import { ToolForm } from './pages/tool-form';

let app: App;
let chat: Chat;

beforeAll(async () => {
  app = await startApp();
  writePersona(app.home, 'calc', testPersona(app.llm.url, 'Calculator'));
  await app.page.reload();
  await new Sidebar(app.page).pick('calc');
  chat = new Chat(app.page);
  await chat.open();
});
afterAll(async () => app?.close());

describe('chat and the loop trace', () => {
  it('runs a scripted tool loop and shows assistant -> TOOL -> answer in order', async () => {
    app.llm.setReplies(
      {
        content: 'I will compute it.',
        toolCalls: [{ id: 'call_a', name: 'evaluate_expression', arguments: { expression: '12*9' } }],
      },
      { content: 'The answer is 108.', chunkDelayMs: 5 },
    );
    await chat.send('What is 12*9?');
    await chat.waitForEnd();
    expect(await chat.rowKinds()).toEqual(['user', 'iteration', 'assistant', 'tool', 'iteration', 'answer', 'end']);
    expect(await chat.answer().innerText()).toContain('The answer is 108.');
    const tool = chat.tools().first();
    expect(await tool.getAttribute('data-status')).toBe('ok');
    expect(await tool.getAttribute('data-tool-call-id')).toBe('call_a');
    expect(await tool.getByTestId('trace-tool-result').innerText()).toContain('108');
    expect(await app.page.getByTestId('trace-iteration').first().innerText()).toBe('Iteration 1 of 4');
    // The request the window got without: fetched when shown, with the user's message and the tools offered.
    const raw = await chat.rawExchange();
    expect(raw).toContain('What is 12*9?');
    expect(raw).toContain('evaluate_expression');
    expect(app.llm.chatRequests).toHaveLength(2);
  });

  it('opens a traced tool call in its form with the model arguments and re-runs it', async () => {
    await chat.tools().first().getByTestId('open-in-form').click();
    const tools = new ToolForm(app.page);
    await app.page.getByTestId('tool-detail').waitFor();
    expect(await app.page.locator('.tool-head h2').innerText()).toBe('evaluate_expression');
    expect(await tools.field('expression').inputValue()).toBe('12*9');
    await tools.run();
    await app.page.getByTestId('tool-result').waitFor();
    expect(await tools.result()).toMatchObject({ result: 108 });
    await chat.open();
  });

  it('returns from a tool form to the same place in a long trace, with the same cards folded', async () => {
    if (await app.page.getByTestId('new-chat').isEnabled()) await chat.newChat();
    const calls = Array.from({ length: 8 }, (_, i) => ({
      id: `call_l${i + 1}`,
      name: 'evaluate_expression',
      arguments: { expression: `${i + 1}*${i + 1}` },
    }));
    app.llm.setReplies({ content: 'Eight sums.', toolCalls: calls }, { content: 'Done: 1, 4, 9, 16, 25, 36, 49, 64.' });
    await chat.send('Square the numbers 1 to 8, one tool call each');
    await chat.waitForEnd();
    const pane = app.page.getByTestId('trace-pane');
    const card = (id: string) => app.page.locator(`[data-testid="trace-tool"][data-tool-call-id="${id}"]`);
    await pane.evaluate((el) => el.scrollTo(0, 0));
    await card('call_l2').waitFor();
    await card('call_l2').locator('button[aria-expanded]').click();
    await card('call_l2').getByTestId('trace-tool-summary').waitFor();
    await card('call_l2').getByTestId('open-in-form').click();
    await app.page.getByTestId('from-trace').getByRole('button', { name: 'Back to the chat' }).click();
    await card('call_l2').waitFor();
    const [paneBox, cardBox] = [await pane.boundingBox(), await card('call_l2').boundingBox()];
    expect(cardBox!.y, 'back at the card it left from, not at the end of the trace').toBeLessThan(
      paneBox!.y + paneBox!.height,
    );
    expect(cardBox!.y).toBeGreaterThanOrEqual(paneBox!.y - cardBox!.height);
    expect(await card('call_l2').locator('button[aria-expanded]').getAttribute('aria-expanded')).toBe('false');
  });

  it('streams the answer in as it comes (the forced last answer after max_iterations streams live)', async () => {
    writePersona(app.home, 'brief', {
      ...testPersona(app.llm.url, 'Brief'),
      'ovos-native-toolcall-loop': {
        ...(testPersona(app.llm.url)['ovos-native-toolcall-loop'] as object),
        max_iterations: 1,
      },
    });
    await app.page.reload();
    await new Sidebar(app.page).pick('brief');
    await chat.open();
    app.llm.setReplies(
      { toolCalls: [{ id: 'call_s', name: 'evaluate_expression', arguments: { expression: '2+2' } }] },
      { content: 'Streaming one word at a time, slowly enough to watch it arrive.', chunkDelayMs: 60 },
    );
    await chat.send('Say something slowly');
    await app.page.locator('[data-testid="trace-answer"][data-streaming="true"]').waitFor();
    const partial = await chat.answer().innerText();
    await app.page.getByTestId('trace-end').last().waitFor();
    const full = await chat.answer().innerText();
    expect(full).toContain('Streaming one word at a time, slowly enough to watch it arrive.');
    expect(partial.length).toBeLessThan(full.length);
    expect(
      await app.page.getByTestId('trace-iteration').last().innerText(),
      'the request past max_iterations is named for what it is',
    ).toBe('Final answer, asked for without tools: the limit of 1 iteration was reached');
    await new Sidebar(app.page).pick('calc');
    await chat.open();
  });

  it('cancels a running loop with Esc', async () => {
    app.llm.setReplies({ hang: true });
    await chat.send('This will hang');
    await app.page.getByTestId('run-status').waitFor();
    await app.page.getByTestId('cancel-run').waitFor();
    await chat.cancelWithEsc();
    await app.page.getByTestId('trace-cancelled').waitFor();
    await app.page.getByTestId('run-status').waitFor({ state: 'detached' });
    expect(await app.page.getByTestId('send').isVisible()).toBe(true);
  });

  it('reopens a saved session after a reload', async () => {
    await app.page.reload();
    await new Sidebar(app.page).pick('calc');
    await chat.open();
    await app.page.getByTestId('chat-empty').waitFor();
    await app.page.locator('[data-testid="brain-status"] .badge.ok').waitFor();
    await chat.openSession('What is 12*9?');
    await app.page.getByTestId('trace-user').first().waitFor();
    const kinds = await chat.rowKinds();
    expect(kinds.slice(0, 7)).toEqual(['user', 'iteration', 'assistant', 'tool', 'iteration', 'answer', 'end']);
    expect(await app.page.getByTestId('trace-answer').first().innerText()).toContain('The answer is 108.');
    expect(app.pageErrors, app.pageErrors.join('\n')).toEqual([]);
  });

  it('exports the whole trace of the session as JSON Lines, event by event, requests included', async () => {
    const [download] = await Promise.all([
      app.page.waitForEvent('download'),
      app.page.getByTestId('export-trace').click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^trace-.+\.jsonl$/);
    const lines = readFileSync((await download.path())!, 'utf8')
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l) as { type: string; raw?: { request: { messages: Array<{ content: string }> } } });
    expect(lines[0].type).toBe('run_started');
    expect(lines.map((e) => e.type)).toEqual(
      expect.arrayContaining(['user_message', 'assistant_message', 'tool_result', 'run_finished']),
    );
    // The window holds no request; the export has each one, as it was sent.
    const turn = lines.find((e) => e.type === 'assistant_message');
    expect(turn?.raw?.request.messages.map((m) => m.content)).toContain('What is 12*9?');
  });

  it('says which URL it tried and what to do when no brain answers', async () => {
    writePersona(app.home, 'offline', { ...testPersona('http://127.0.0.1:9/v1', 'Offline') });
    await app.page.reload();
    await new Sidebar(app.page).pick('offline');
    await chat.open();
    await app.page.locator('[data-testid="brain-status"] [role="alert"]').waitFor();
    expect(await app.page.getByTestId('brain-status').innerText()).toContain('http://127.0.0.1:9/v1');
    await chat.send('Hello?');
    await app.page.getByTestId('trace-failed').waitFor();
    const text = await app.page.getByTestId('trace-failed').innerText();
    expect(text).toContain('brain_unreachable');
    expect(text).toContain('http://127.0.0.1:9/v1');
    expect(text).toContain('Open the brain settings');
    await app.page
      .getByTestId('trace-failed')
      .screenshot({ path: path.join(screenshotsDir(), 'chat-try-again-light.png') });
  });

  it('tries a failed turn again in a fork once the brain answers', async () => {
    // The same persona, now with a brain that answers; its failed turn is still in the session.
    writePersona(app.home, 'offline', { ...testPersona(app.llm.url, 'Offline') });
    app.llm.setReplies({ content: 'Hello! This time the brain answered.' });
    await app.page.reload();
    await new Sidebar(app.page).pick('offline');
    await chat.open();
    await chat.openSession('Hello?');
    expect(await chat.tryAgain()).toBe('Hello?');
    await chat.waitForEnd();
    expect(await chat.answer().innerText()).toContain('This time the brain answered.');
    // A fork: it says where it comes from, and the failed turn stays in its own session.
    await new TimeTravel(app.page).origin().waitFor();
    expect(await chat.rowKinds()).toEqual(['user', 'iteration', 'answer', 'end']);
  });

  it("keeps toasts off the composer's Send button", async () => {
    await app.page.getByTestId('tab-editor').click();
    await app.page.locator('#persona-description').fill('Offline, on purpose');
    await app.page.keyboard.press('Control+s');
    await chat.open();
    const toast = app.page.locator('.toast').last();
    await toast.waitFor();
    const [t, send] = [await toast.boundingBox(), await app.page.getByTestId('send').boundingBox()];
    const overlap =
      t!.x < send!.x + send!.width &&
      send!.x < t!.x + t!.width &&
      t!.y < send!.y + send!.height &&
      send!.y < t!.y + t!.height;
    expect(overlap, `toast ${JSON.stringify(t)} covers Send ${JSON.stringify(send)}`).toBe(false);
  });

  it('offers the last chat after a reload, and opens it with its trace', async () => {
    await app.page.reload();
    await new Sidebar(app.page).pick('calc');
    await chat.open();
    const last = app.page.getByTestId('open-last-chat');
    await last.waitFor();
    expect(await last.innerText()).toMatch(/^Open the last chat: “.+”$/);
    await app.page
      .getByTestId('chat-empty')
      .screenshot({ path: path.join(screenshotsDir(), 'chat-last-chat-light.png') });
    await last.click();
    await chat.waitForEnd();
    expect(await app.page.getByTestId('session-select').inputValue()).not.toBe('');
    expect(await app.page.getByTestId('open-last-chat').count()).toBe(0);
  });

  it('says so when the connection to main is lost', async () => {
    await app.stopServer();
    await app.page.getByTestId('connection-lost').waitFor();
    expect(await app.page.getByTestId('connection-lost').innerText()).toContain('Lost the connection');
  });
});
