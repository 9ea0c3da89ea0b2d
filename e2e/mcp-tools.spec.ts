import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fixtureMcpConfig, startApp, type App } from './fixtures/app';
import { writePersona } from './fixtures/personas';
import { ApprovalDialog } from './pages/approval';
import { Sidebar } from './pages/sidebar';
import { ToolForm } from './pages/tool-form';

const EVERYTHING = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@modelcontextprotocol/server-everything/package.json')),
  'dist',
  'index.js',
);

let app: App;
let tools: ToolForm;

beforeAll(async () => {
  app = await startApp();
  writePersona(app.home, 'mcp-servers', {
    name: 'MCP servers',
    handlers: ['ovos-native-toolcall-loop'],
    'ovos-native-toolcall-loop': {
      brain: 'ovos-chat-openai-plugin',
      toolboxes: ['ovos-mcp-toolbox:everything', 'ovos-mcp-toolbox:fixture', 'ovos-mcp-toolbox:down'],
      'ovos-chat-openai-plugin': { model: 'scripted-model', api_url: app.llm.url },
      'ovos-mcp-toolbox:everything': { command: process.execPath, args: [EVERYTHING, 'stdio'] },
      'ovos-mcp-toolbox:fixture': fixtureMcpConfig,
      'ovos-mcp-toolbox:down': { command: 'persona-studio-no-such-mcp-server' },
    },
  });
  await app.page.reload();
  await new Sidebar(app.page).pick('mcp-servers');
  tools = new ToolForm(app.page);
  await tools.open();
  // Nothing of the persona runs before the user approves its programs.
  const approval = new ApprovalDialog(app.page);
  await approval.reviewFromTools('ovos-mcp-toolbox:everything');
  await approval.approve();
});
afterAll(async () => app?.close());

describe('MCP servers in the Tools pane', () => {
  it('calls a server-everything tool through its generated form and shows the structured result', async () => {
    await tools.pick('get-structured-content');
    await tools.field('location').selectOption('Chicago');
    await tools.run();
    expect(await tools.result()).toMatchObject({
      is_error: false,
      structured: { temperature: 36, conditions: 'Light rain / drizzle', humidity: 82 },
    });
  });

  it("shows a server's error result as the model would read it", async () => {
    await tools.pick('gzip-file-as-resource');
    await tools.rawMode('{"data": "ftp://127.0.0.1/notes.txt"}');
    await tools.run();
    const result = (await tools.result()) as { is_error: boolean; content: string };
    expect(result.is_error).toBe(true);
    expect(result.content).toContain('Unsupported URL protocol');
    await tools.rawMode('{}');
    await tools.formMode();
  });

  it('a tool the server adds (tools/list_changed) appears without reloading', async () => {
    await tools.pick('add_tool');
    await tools.run();
    await app.page.getByTestId('tool-late_tool').waitFor({ timeout: 15_000 });
  });

  it('a server that cannot start shows its error next to its toolbox', async () => {
    await expect
      .poll(() => app.page.getByTestId('tool-list').innerText(), { timeout: 15_000 })
      .toContain('command not found');
    expect(app.pageErrors).toEqual([]);
  });
});
