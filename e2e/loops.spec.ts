import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type App, screenshotsDir } from './fixtures/app';
import { writePersona } from './fixtures/personas';
import { Chat } from './pages/chat';
import { LoopTrace } from './pages/loop-trace';
import { Sidebar } from './pages/sidebar';

const OUT = screenshotsDir();

let app: App;

/** An OVOS-shaped persona on the scripted server with the math tools. */
function loopPersona(url: string, name: string, engine: string, extra: Record<string, unknown> = {}) {
  return {
    name,
    description: `${name}: a multi-phase loop, for the e2e tests.`,
    handlers: [engine],
    [engine]: {
      brain: 'ovos-chat-openai-plugin',
      toolboxes: ['ovos-math-tools'],
      ...extra,
      'ovos-chat-openai-plugin': { model: 'scripted-model', api_url: url },
    },
  };
}

const compute = 'Thought: I compute it.\nAction: evaluate_expression\nAction Input: {"expression": "12*9"}';

const planReplies = [
  { content: '1. Compute 12*9 with evaluate_expression\n2. Report the product' },
  { content: compute },
  { content: 'STEP_RESULT: 12*9 = 108' },
  { content: 'STEP_RESULT: the product is 108' },
  { content: '12 times 9 is 108.', chunkDelayMs: 5 },
];

const reflexionReplies = [
  { content: 'Thought: I know this.\nFINAL_ANSWER: 12*9 is 107.' },
  { content: 'UNSATISFACTORY\n12*9 is not 107.' },
  { content: 'Reflection: I multiplied in my head. Next time I must call evaluate_expression.' },
  { content: compute },
  { content: 'Thought: the tool says 108.\nFINAL_ANSWER: 12*9 is 108.' },
  { content: 'SATISFACTORY\nThe product is right.' },
];

beforeAll(async () => {
  app = await startApp();
  writePersona(app.home, 'planner', loopPersona(app.llm.url, 'Planner', 'ovos-plan-execute-loop'));
  writePersona(
    app.home,
    'reflexion',
    loopPersona(app.llm.url, 'Reflexion', 'ovos-reflexion-loop', { max_reflections: 3 }),
  );
  await app.page.close();
});
afterAll(async () => app?.close());

async function runIn(scheme: 'light' | 'dark', persona: string, replies: object[]) {
  const page = await app.newPage({ colorScheme: scheme });
  await page.setViewportSize({ width: 1280, height: 1100 });
  await new Sidebar(page).pick(persona);
  const chat = new Chat(page);
  await chat.open();
  if (await page.getByTestId('new-chat').isEnabled()) await chat.newChat();
  app.llm.setReplies(...(replies as never[]));
  await chat.send('What is 12*9?');
  await chat.waitForEnd();
  return { page, chat, trace: new LoopTrace(page) };
}

describe('multi-phase loops in the chat pane', () => {
  it("the editor lists all eight engines, each with when to choose it, and the chosen engine's own settings", async () => {
    const page = await app.newPage({ colorScheme: 'light' });
    await new Sidebar(page).pick('reflexion');
    const select = page.locator('#persona-engine');
    await select.waitFor();
    expect(await select.locator('option').allInnerTexts()).toEqual([
      'Native tool calls',
      'ReAct',
      'Plan and execute',
      'Reflexion',
      'Self-Ask',
      'Chain of thought',
      'CRITIC',
      'Tree of thoughts',
    ]);
    await page.getByText('Choose it when correctness matters').waitFor();
    await page.getByLabel('Max reflections').waitFor();
    await expect.poll(() => page.getByLabel('Max reflections').inputValue()).toBe('3');
    await select.selectOption('ovos-tree-of-thoughts-loop');
    await page.getByLabel('Beam width').waitFor();
    expect(await page.getByLabel('Branches').getAttribute('placeholder')).toBe('3');
    await page.getByText('Default: 4. Left empty, it is not sent and the default applies.').waitFor();
    await page.close();
  });

  for (const scheme of ['light', 'dark'] as const) {
    it(`plan-execute: plan -> step -> iteration -> tool call, as a nested tree (${scheme})`, async () => {
      const { page, chat, trace } = await runIn(scheme, 'planner', planReplies);
      expect(await chat.answer().innerText()).toContain('12 times 9 is 108.');
      expect(await trace.outline()).toEqual([
        'plan: Plan',
        'step: Step 1: Compute 12*9 with evaluate_expression',
        '  iteration: Iteration 1 of 5',
        '  iteration: Iteration 2 of 5',
        'step: Step 2: Report the product',
        '  iteration: Iteration 1 of 5',
      ]);
      const tree = await trace.tree();
      const tool = tree.findIndex((r) => r.kind === 'tool');
      expect(tree[tool].depth).toBe(2);
      expect(
        tree
          .slice(0, tool)
          .filter((r) => r.kind === 'span')
          .at(-1)?.title,
      ).toBe('Iteration 1 of 5');
      expect(await page.getByTestId('trace-tool').first().getAttribute('data-status')).toBe('ok');
      expect(await trace.usage().innerText()).toMatch(/50 prompt \+ \d+ completion tokens/);
      expect(app.pageErrors).toEqual([]);
      await trace.scrollTop();
      await page.waitForTimeout(150);
      await page.screenshot({ path: path.join(OUT, `loop-plan-execute-${scheme}.png`) });
      await page.close();
    });

    it(`reflexion: episode -> answer -> verdict -> reflection, folded and unfolded (${scheme})`, async () => {
      const { page, chat, trace } = await runIn(scheme, 'reflexion', reflexionReplies);
      expect(await chat.answer().innerText()).toContain('12*9 is 108.');
      expect(await trace.outline()).toEqual([
        'episode: Episode 1 of 3',
        '  iteration: Iteration 1 of 10',
        '  answer: Answer',
        '  verdict: Verdict',
        '  reflection: Reflection',
        'episode: Episode 2 of 3',
        '  iteration: Iteration 1 of 10',
        '  iteration: Iteration 2 of 10',
        '  answer: Answer',
        '  verdict: Verdict',
      ]);
      expect(await trace.span('Verdict').first().locator('.badge').allInnerTexts()).toEqual(['unsatisfactory']);
      expect(await trace.span('Verdict').last().locator('.badge').allInnerTexts()).toEqual(['satisfactory']);
      await trace.toggle('Episode 1 of 3');
      expect((await trace.outline()).slice(0, 2)).toEqual(['episode: Episode 1 of 3', 'episode: Episode 2 of 3']);
      await trace.toggle('Episode 1 of 3');
      expect(await trace.outline()).toHaveLength(10);
      expect(app.pageErrors).toEqual([]);
      await trace.scrollTop();
      await page.waitForTimeout(150);
      await page.screenshot({ path: path.join(OUT, `loop-reflexion-${scheme}.png`) });
      await page.close();
    });
  }
});
