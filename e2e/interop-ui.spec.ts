import { createRequire } from 'node:module';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type App, screenshotsDir } from './fixtures/app';
import { approvePrograms, writePersona } from './fixtures/personas';
import { Chat } from './pages/chat';
import { Sidebar } from './pages/sidebar';
import { ToolForm } from './pages/tool-form';

const EVERYTHING = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@modelcontextprotocol/server-everything/package.json')),
  'dist',
  'index.js',
);
const OUT = screenshotsDir();

let app: App;

beforeAll(async () => {
  app = await startApp();
  const persona = {
    name: 'Fidelity',
    handlers: ['ovos-native-toolcall-loop'],
    'ovos-native-toolcall-loop': {
      brain: 'ovos-chat-openai-plugin',
      max_iterations: 1,
      toolboxes: ['ovos-math-tools', 'ovos-mcp-toolbox:everything', 'ovos-mcp-toolbox:broken'],
      'ovos-chat-openai-plugin': { model: 'scripted-model', api_url: app.llm.url },
      'ovos-mcp-toolbox:everything': { command: process.execPath, args: [EVERYTHING, 'stdio'] },
      'ovos-mcp-toolbox:broken': { command: process.execPath, args: ['/nonexistent-mcp-server.js'] },
    },
  };
  writePersona(app.home, 'fidelity', persona);
  // The two MCP servers are programs: approved up front, as the user would in the approval dialog.
  await approvePrograms(app.home, 'fidelity', persona);
  await app.page.close();
}, 60_000);
afterAll(async () => app?.close());

async function shoot(page: Page, name: string) {
  await page.waitForTimeout(150);
  await page.screenshot({ path: path.join(OUT, name) });
}

describe('interop fidelity in the UI (issue 11)', () => {
  for (const scheme of ['light', 'dark'] as const) {
    it(`flags a tool that needs MCP tasks; the chat shows a down toolbox, raw arguments and tools past the limit (${scheme})`, async () => {
      const page = await app.newPage({ colorScheme: scheme });
      await new Sidebar(page).pick('fidelity');
      const tools = new ToolForm(page);
      await tools.open();
      await page.getByTestId('tool-simulate-research-query').waitFor({ timeout: 30_000 });
      expect(
        await page.getByTestId('tool-simulate-research-query').getByTestId('tool-unavailable-badge').innerText(),
      ).toBe('needs MCP tasks');
      await tools.pick('simulate-research-query');
      expect(await page.getByTestId('tool-unavailable').innerText()).toMatch(
        /^Not offered to the model: It needs MCP tasks/,
      );
      await shoot(page, `interop-tasks-flag-${scheme}.png`);

      const chat = new Chat(page);
      await chat.open();
      const banner = page.getByTestId('chat-toolbox-banner');
      await banner.waitFor();
      expect(await banner.innerText()).toContain("Error: Cannot find module '/nonexistent-mcp-server.js'");
      app.llm.setReplies(
        { toolCalls: [{ id: 'call_1', name: 'evaluate_expression', arguments: '{"expression": "2*' }] },
        { toolCalls: [{ id: 'call_2', name: 'evaluate_expression', arguments: { expression: '2*21' } }] },
      );
      await chat.send('What is 2*21?');
      await chat.waitForEnd();
      expect(await page.getByTestId('trace-tool-raw-arguments').innerText()).toBe('{"expression": "2*');
      expect(await page.getByTestId('trace-answer-warning').innerText()).toBe(
        'The model asked for tools after the limit of 1 iteration: evaluate_expression({"expression":"2*21"}). They were not run, and it gave no answer.',
      );
      expect(await page.getByTestId('trace-end').innerText()).toMatch(
        /^Finished in 1 iteration \(the limit\), then one answer without tools · /,
      );
      const offered = app.llm.chatRequests[0].body.tools.map((t: { function: { name: string } }) => t.function.name);
      expect(offered).toContain('echo');
      expect(offered).not.toContain('simulate-research-query');
      await shoot(page, `interop-chat-${scheme}.png`);
      await page.context().close();
      expect(app.pageErrors, app.pageErrors.join('\n')).toEqual([]);
    }, 90_000);
  }
});
