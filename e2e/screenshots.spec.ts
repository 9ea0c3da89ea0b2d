import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type App, screenshotsDir } from './fixtures/app';
import { approvePrograms, testPersona, writePersona } from './fixtures/personas';
import { Chat } from './pages/chat';
import { Sidebar } from './pages/sidebar';
import { ToolForm } from './pages/tool-form';

const OUT = screenshotsDir();
let app: App;

beforeAll(async () => {
  app = await startApp();
  const trip = {
    ...testPersona(app.llm.url, 'Trip planner', {
      mcp: true,
      description: 'Plans rail trips around Portugal, with the math tools and a trip-planning MCP server.',
    }),
    // The fixture MCP server runs a program, so its tools would ask for approval; the tour shows a finished run.
    persona_studio: { approval: { 'ovos-mcp-toolbox': { mode: 'auto' } } },
  };
  writePersona(app.home, 'trip-planner', trip);
  await approvePrograms(app.home, 'trip-planner', trip);
  await app.page.close();
});
afterAll(async () => app?.close());

async function shoot(page: Page, name: string) {
  await page.waitForTimeout(150);
  await page.screenshot({ path: path.join(OUT, name) });
}

/** Editor, tools with a filled form and its output, chat with a trace: what a first-time user sees. */
async function tour(scheme: 'light' | 'dark', sessionExists: boolean) {
  const page = await app.newPage({ colorScheme: scheme });
  await new Sidebar(page).pick('trip-planner');
  await page.locator('#persona-name').waitFor();
  await page.getByText('2 models offered by the server.').waitFor();
  await shoot(page, `editor-${scheme}.png`);

  const tools = new ToolForm(page);
  await tools.open();
  await tools.pick('plan_trip');
  await tools.field('from_city').fill('Lisbon');
  await tools.field('from_country').selectOption('PT');
  await tools.addItem('stops');
  await tools.field('stops_0_city').fill('Porto');
  await tools.field('stops_0_country').selectOption('PT');
  await tools.field('travellers_adults').fill('2');
  await tools.run();
  await page.getByTestId('tool-output').waitFor();
  await page.getByTestId('tool-detail').evaluate((el) => el.scrollTo(0, 0));
  await shoot(page, `tools-${scheme}.png`);

  const chat = new Chat(page);
  await chat.open();
  if (!sessionExists) {
    app.llm.setReplies(
      {
        content: 'Let me work out the distance and the number of travellers.',
        toolCalls: [
          { id: 'call_1', name: 'evaluate_expression', arguments: { expression: '313 * 2' } },
          {
            id: 'call_2',
            name: 'plan_trip',
            arguments: {
              from: { city: 'Lisbon', country: 'PT' },
              stops: [{ city: 'Porto', country: 'PT' }],
              travellers: { adults: 2 },
            },
          },
        ],
      },
      {
        content:
          'The round trip Lisbon → Porto → Lisbon is 626 km for 2 adults. Take the Alfa Pendular train: about 2h50 each way.',
        chunkDelayMs: 2,
      },
    );
    await chat.send('Plan a return trip from Lisbon to Porto for two adults, and how far is it both ways?');
    await chat.waitForEnd();
  } else {
    await chat.openSession();
    await page.getByTestId('trace-end').waitFor();
  }
  await page.locator('[data-testid="trace-tool"][data-tool-call-id="call_2"] .head button[aria-expanded]').click();
  await page.getByTestId('trace-pane').evaluate((el) => el.scrollTo(0, 0));
  await shoot(page, `chat-${scheme}.png`);
  // The first turn's raw exchange: its request fetched from the session file when opened.
  expect(await chat.rawExchange()).toContain('Plan a return trip from Lisbon to Porto');
  await page
    .getByTestId('trace-assistant')
    .first()
    .evaluate((el) => el.scrollIntoView({ block: 'start' }));
  await shoot(page, `chat-raw-exchange-${scheme}.png`);
  await page.context().close();
}

describe('screenshots', () => {
  it('captures every screen in the light theme', async () => {
    await tour('light', false);
  });
  it('captures every screen in the dark theme', async () => {
    await tour('dark', true);
    expect(app.pageErrors, app.pageErrors.join('\n')).toEqual([]);
  });
});
