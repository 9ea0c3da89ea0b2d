import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ReceivedRequest, ScriptedReply } from '../src-main/core/testing/scripted-openai-server';
import { startApp, type App, screenshotsDir } from './fixtures/app';
import { testPersona, writePersona } from './fixtures/personas';
import { Chat } from './pages/chat';
import { Debugger } from './pages/debugger';
import { Sidebar } from './pages/sidebar';

const OUT = screenshotsDir();

let app: App;
let chat: Chat;
let dbg: Debugger;

type Message = { role: string; content: string | null; tool_calls?: { function: { arguments: string } }[] };
const messagesOf = (r: ReceivedRequest) => r.body.messages as Message[];
const toolMessages = (r: ReceivedRequest) => messagesOf(r).filter((m) => m.role === 'tool');

/** A model that calls evaluate_expression once, then answers with whatever the tool fed back. */
function calcThenEcho(expression: string, id = 'call_a') {
  return (request: ReceivedRequest, i: number): ScriptedReply => {
    if (i === 0) return { toolCalls: [{ id, name: 'evaluate_expression', arguments: { expression } }] };
    const fed = toolMessages(request).at(-1)?.content ?? '';
    let said = fed;
    try {
      const v = JSON.parse(fed) as { result?: unknown };
      if (v && typeof v === 'object' && 'result' in v) said = `The result is ${String(v.result)}.`;
    } catch {
      // not JSON: a denial, said as it is
    }
    return { content: said };
  };
}

async function use(page: Page, persona: string) {
  await new Sidebar(page).pick(persona);
  const c = new Chat(page);
  await c.open();
  return c;
}

beforeAll(async () => {
  app = await startApp();
  writePersona(app.home, 'calc', testPersona(app.llm.url, 'Calculator'));
  await app.page.reload();
  chat = await use(app.page, 'calc');
  dbg = new Debugger(app.page);
});
afterAll(async () => app?.close());
beforeEach(async () => {
  app.llm.reset();
  if (await app.page.getByTestId('new-chat').isEnabled()) await chat.newChat();
});

describe('the loop debugger', () => {
  it('pauses before a tool, runs the call with the arguments edited in its form, and the card shows the edit', async () => {
    await dbg.setSwitch('Pause before tools', true);
    app.llm.setReplies(calcThenEcho('12*9'));
    await chat.send('What is 12*9?');
    const card = await dbg.waitForToolPause('call_a');
    expect(await card.getByText('Paused', { exact: true }).count()).toBeGreaterThan(0);
    expect(await dbg.status().innerText()).toMatch(/Run paused before evaluate_expression · for \d+ s/);
    expect(await dbg.field('expression').inputValue()).toBe('12*9');
    expect(app.llm.chatRequests).toHaveLength(1);

    await dbg.field('expression').fill('12*10');
    await dbg.button('Run').click();
    await chat.waitForEnd();

    expect(await chat.answer().innerText()).toContain('The result is 120.');
    const done = dbg.card('call_a');
    expect(await done.getAttribute('data-status')).toBe('ok');
    expect(await done.getByTestId('trace-tool-result').innerText()).toContain('120');
    await done.getByTestId('badge-edited').waitFor();
    const diff = await done.getByTestId('args-diff').innerText();
    expect(diff).toContain('"12*9"');
    expect(diff).toContain('"12*10"');
    await done.getByTestId('paused-ms').waitFor();
    const second = app.llm.chatRequests[1];
    const call = messagesOf(second).find((m) => m.tool_calls)!.tool_calls![0];
    expect(JSON.parse(call.function.arguments), 'the model sees what actually ran').toEqual({ expression: '12*10' });
    expect(toolMessages(second)[0].content).toContain('120');
  });

  it('puts the keyboard in the paused call’s form: typed over and run with Ctrl+Enter, no mouse', async () => {
    await dbg.setSwitch('Pause before tools', true);
    app.llm.setReplies(calcThenEcho('12*9', 'call_k'));
    await chat.send('What is 12*9?');
    await dbg.waitForToolPause('call_k');
    await expect.poll(() => dbg.field('expression').evaluate((el) => el === document.activeElement)).toBe(true);
    await app.page.keyboard.press('ControlOrMeta+a');
    await app.page.keyboard.type('12*11');
    await app.page.keyboard.press('ControlOrMeta+Enter');
    await chat.waitForEnd();
    expect(await chat.answer().innerText()).toContain('The result is 132.');
  });

  it('mocks a result: the tool does not run and the model gets the entered result', async () => {
    app.llm.setReplies(calcThenEcho('2+2', 'call_m'));
    await chat.send('What is 2+2?');
    await dbg.waitForToolPause('call_m');
    await dbg.mock({ result: 5, expression: '2+2', error: null });
    await chat.waitForEnd();
    expect(await chat.answer().innerText()).toContain('The result is 5.');
    const card = dbg.card('call_m');
    await card.getByTestId('badge-mocked').waitFor();
    expect(await card.getByTestId('trace-tool-result').innerText()).toContain('5');
    expect(toolMessages(app.llm.chatRequests[1])[0].content).toContain('"result":5');
  });

  it('refuses a mocked result that does not fit the output schema, and stays paused', async () => {
    app.llm.setReplies(calcThenEcho('3+3', 'call_x'));
    await chat.send('What is 3+3?');
    await dbg.waitForToolPause('call_x');
    await dbg.mock({ result: 'six' });
    await dbg.pausedCard().locator('[data-testid="mock-error"], [data-testid="resume-error"]').first().waitFor();
    expect(await dbg.pausedCard().innerText()).toContain('tool_output_invalid');
    expect(app.llm.chatRequests).toHaveLength(1);
    await dbg.button('Continue').click();
    await chat.waitForEnd();
    expect(await chat.answer().innerText()).toContain('The result is 6.');
  });

  it('denies a call with a reason: the model is told, the card says denied', async () => {
    app.llm.setReplies(calcThenEcho('1/0', 'call_d'));
    await chat.send('Divide by zero');
    await dbg.waitForToolPause('call_d');
    await dbg.deny('not on my watch');
    await chat.waitForEnd();
    const card = dbg.card('call_d');
    await card.getByTestId('badge-denied').waitFor();
    expect(await card.getByTestId('denied-reason').innerText()).toContain('not on my watch');
    const fed = toolMessages(app.llm.chatRequests[1])[0].content;
    expect(fed).toBe("Error: the user denied the call to tool 'evaluate_expression': not on my watch");
  });

  it('stops a paused run with Stop', async () => {
    app.llm.setReplies(calcThenEcho('4*4', 'call_s'));
    await chat.send('What is 4*4?');
    await dbg.waitForToolPause('call_s');
    expect(await dbg.button('Stop').getAttribute('title')).toContain('Shift+F5');
    await dbg.button('Stop').click();
    await app.page.getByTestId('trace-cancelled').waitFor();
    expect(app.llm.chatRequests).toHaveLength(1);
  });

  it('stops a paused run with Shift+F5, on the same page', async () => {
    await dbg.setSwitch('Pause before tools', true);
    app.llm.setReplies(calcThenEcho('5*5', 'call_k'));
    await chat.send('What is 5*5?');
    await dbg.waitForToolPause('call_k');
    await app.page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
    await app.page.keyboard.press('Shift+F5');
    await app.page.getByTestId('trace-cancelled').waitFor();
    expect(await app.page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
  });

  it('pauses before the model, shows the exact request, and sends the edited one', async () => {
    await dbg.setSwitch('Pause before tools', false);
    await dbg.setSwitch('Pause before the model', true);
    app.llm.setReplies({ content: 'Ahoy.' });
    await chat.send('Say hello');
    await dbg.modelPause().waitFor();
    expect(await dbg.status().innerText()).toContain('Run paused before the model');
    expect(app.llm.chatRequests, 'nothing is sent while paused').toHaveLength(0);
    const shown = JSON.parse(await dbg.requestEditor().inputValue()) as { messages: Message[]; tools: unknown[] };
    expect(shown.messages[0]).toMatchObject({ role: 'system', content: 'You plan trips. Use the tools.' });
    expect(shown.tools.length).toBeGreaterThan(0);

    await dbg.requestEditor().fill('{"messages": []}');
    await dbg.modelPause().getByTestId('request-errors').waitFor();
    expect(await dbg.button('Send').isDisabled()).toBe(true);
    await dbg.modelPause().getByRole('button', { name: 'Undo edits' }).click();
    expect(JSON.parse(await dbg.requestEditor().inputValue())).toEqual(shown);

    await dbg.editRequest((r) => {
      r.messages[0].content = 'You are a pirate.';
    });
    await dbg.button('Send').click();
    await chat.waitForEnd();
    expect(messagesOf(app.llm.chatRequests[0])[0]).toMatchObject({ role: 'system', content: 'You are a pirate.' });
    await app.page.getByTestId('badge-request-edited').waitFor();
    expect(await chat.answer().innerText()).toContain('Ahoy.');
    await dbg.setSwitch('Pause before the model', false);
  });

  it('steps with F10 through parallel calls one at a time, then to the model, and continues with F8', async () => {
    await dbg.setSwitch('Pause before tools', true);
    app.llm.setReplies(
      {
        toolCalls: [
          { id: 'call_p1', name: 'evaluate_expression', arguments: { expression: '1+1' } },
          { id: 'call_p2', name: 'evaluate_expression', arguments: { expression: '2+2' } },
        ],
      },
      { content: 'Two and four.' },
    );
    await chat.send('Two sums at once');
    await dbg.waitForToolPause('call_p1');
    expect(await dbg.status().innerText()).toContain('before evaluate_expression (1 of 2)');
    expect(await dbg.button('Step').getAttribute('title')).toContain('F10');
    expect(await dbg.button('Continue').getAttribute('title')).toContain('F8');
    await app.page.keyboard.press('F10');
    await dbg.waitForToolPause('call_p2');
    expect(await dbg.card('call_p1').getAttribute('data-status')).toBe('ok');
    expect(await dbg.status().innerText()).toContain('(2 of 2)');
    await app.page.keyboard.press('F10');
    await dbg.modelPause().waitFor();
    expect(app.llm.chatRequests).toHaveLength(1);
    await app.page.keyboard.press('F8');
    await chat.waitForEnd();
    expect(await chat.answer().innerText()).toContain('Two and four.');
    expect(await dbg.card('call_p2').getAttribute('data-status')).toBe('ok');
  });

  it('brings the paused card into view when the turn has many calls below it', async () => {
    await dbg.setSwitch('Pause before tools', true);
    const calls = Array.from({ length: 8 }, (_, i) => ({
      id: `call_v${i + 1}`,
      name: 'evaluate_expression',
      arguments: { expression: `${i + 1}+${i + 1}` },
    }));
    app.llm.setReplies({ content: 'Eight sums.', toolCalls: calls }, { content: 'Done.' });
    await chat.send('Eight sums, one call each');
    const first = await dbg.waitForToolPause('call_v1');
    const inView = async () => {
      const [pane, card] = [await app.page.getByTestId('trace-pane').boundingBox(), await first.boundingBox()];
      return card!.y >= pane!.y - 1 && card!.y < pane!.y + pane!.height / 2;
    };
    await expect.poll(inView, { timeout: 5000 }).toBe(true);
    expect(await dbg.field('expression').inputValue()).toBe('1+1');
    await dbg.button('Stop').click();
    await app.page.getByTestId('trace-cancelled').waitFor();
  });

  it('changes breakpoints while paused: turned off, the next call of the turn runs without a stop', async () => {
    await dbg.setSwitch('Pause before tools', true);
    app.llm.setReplies(
      {
        toolCalls: [
          { id: 'call_o1', name: 'evaluate_expression', arguments: { expression: '3*3' } },
          { id: 'call_o2', name: 'evaluate_expression', arguments: { expression: '4*4' } },
        ],
      },
      { content: 'Nine and sixteen.' },
    );
    await chat.send('Two squares, please');
    await dbg.waitForToolPause('call_o1');
    await dbg.setSwitch('Pause before tools', false);
    await dbg.button('Continue').click();
    await chat.waitForEnd();
    expect(await dbg.card('call_o2').getAttribute('data-status')).toBe('ok');
    expect(await dbg.card('call_o2').getByTestId('paused-ms').count()).toBe(0);
    await dbg.setSwitch('Pause before tools', true);
  });

  it('pauses on a tool error: the call is fixed in the form and run again', async () => {
    await dbg.setSwitch('Pause before tools', false);
    await dbg.setSwitch('Pause on tool error', true);
    app.llm.setReplies((request, i) =>
      i === 0
        ? { toolCalls: [{ id: 'call_e', name: 'evaluate_expression', arguments: { expr: '5*5' } }] }
        : { content: `Fed back: ${toolMessages(request).at(-1)?.content ?? ''}` },
    );
    await chat.send('What is 5*5?');
    const card = await dbg.waitForToolPause('call_e');
    expect(await dbg.status().innerText()).toContain('after evaluate_expression failed');
    expect(await card.getByTestId('paused-tool-error').innerText()).toContain('tool_input_invalid');
    await dbg.field('expression').fill('5*5');
    await dbg.button('Run').click();
    await chat.waitForEnd();
    expect(await chat.answer().innerText()).toContain('"result":25');
    await dbg.card('call_e').getByTestId('badge-edited').waitFor();
    await dbg.setSwitch('Pause on tool error', false);
    await dbg.setSwitch('Pause before tools', true);
  });

  it('after a reload, shows the run still paused with its form, and runs it', async () => {
    app.llm.setReplies(calcThenEcho('6*7', 'call_r'));
    await chat.send('What is 6*7?');
    await dbg.waitForToolPause('call_r');
    await app.page.reload();
    chat = await use(app.page, 'calc');
    await dbg.waitForToolPause('call_r');
    expect(await dbg.field('expression').inputValue()).toBe('6*7');
    expect(await dbg.switch('Pause before tools').isChecked(), 'breakpoints are remembered').toBe(true);
    await dbg.button('Run').click();
    await chat.waitForEnd();
    expect(await chat.answer().innerText()).toContain('The result is 42.');
    expect(await dbg.card('call_r').getByTestId('badge-edited').count(), 'run as the model asked: not edited').toBe(0);
    expect(app.pageErrors, app.pageErrors.join('\n')).toEqual([]);
  });

  it("pauses a tool whose approval is 'ask' with no breakpoint set, and runs it when approved", async () => {
    writePersona(app.home, 'careful', {
      ...testPersona(app.llm.url, 'Careful'),
      persona_studio: { approval: { 'ovos-math-tools': { tools: { evaluate_expression: 'ask' } } } },
    });
    await app.page.reload();
    chat = await use(app.page, 'careful');
    expect(await dbg.switch('Pause before tools').isChecked()).toBe(false);
    app.llm.setReplies(calcThenEcho('7*6', 'call_ok'));
    await chat.send('What is 7*6?');
    const card = await dbg.waitForToolPause('call_ok');
    expect(await card.getByTestId('paused-tool').innerText()).toContain('This tool asks for approval before it runs');
    await dbg.button('Run').click();
    await chat.waitForEnd();
    expect(await chat.answer().innerText()).toContain('The result is 42.');
    await app.page.reload();
    chat = await use(app.page, 'calc');
  });

  it('lists the breakpoints set and narrows Pause before tools to a condition', async () => {
    const pop = await dbg.openPopover();
    expect(await pop.getByTestId('breakpoints-list').innerText()).toContain('Pause before tools: every tool call');
    await pop.getByLabel('Arguments contain (JSON)').fill('{"expression": "9*9"}');
    await pop.getByRole('button', { name: 'Add condition' }).click();
    await pop.getByTestId('bp-condition').waitFor();
    expect(await pop.getByTestId('breakpoints-list').innerText()).toContain('1 condition');
    await app.page.keyboard.press('Escape');
    app.llm.setReplies(
      {
        toolCalls: [
          { id: 'call_c1', name: 'evaluate_expression', arguments: { expression: '8*8' } },
          { id: 'call_c2', name: 'evaluate_expression', arguments: { expression: '9*9' } },
        ],
      },
      { content: 'Squares.' },
    );
    await chat.send('Two squares');
    await dbg.waitForToolPause('call_c2');
    expect(await dbg.card('call_c1').getAttribute('data-status'), 'no condition hit: it ran').toBe('ok');
    await dbg.button('Continue').click();
    await chat.waitForEnd();
    const again = await dbg.openPopover();
    await again.getByRole('button', { name: 'Remove condition 1' }).click();
    await again.getByTestId('bp-condition').waitFor({ state: 'detached' });
    expect(await again.getByTestId('breakpoints-list').innerText()).toContain('every tool call');
    await again.getByRole('button', { name: 'Done' }).click();
  });

  it('screenshots a paused card, light and dark', async () => {
    await dbg.setSwitch('Pause before tools', true);
    app.llm.setReplies(calcThenEcho('12*9', 'call_shot'));
    await chat.send('What is 12*9?');
    await dbg.waitForToolPause('call_shot');
    for (const scheme of ['light', 'dark'] as const) {
      const page = await app.newPage({ colorScheme: scheme });
      await use(page, 'calc');
      const d = new Debugger(page);
      await d.waitForToolPause('call_shot');
      await d.field('expression').fill('12*10');
      await page.waitForTimeout(1100);
      await page.screenshot({ path: path.join(OUT, `debugger-paused-${scheme}.png`) });
      await page.close();
    }
    await dbg.button('Continue').click();
    await chat.waitForEnd();
  });
});
