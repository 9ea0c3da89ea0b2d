import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ToolboxInfo } from '../../../../shared/domain/tool';
import { createAppStore } from '../../../store';
import { StoreProvider } from '../../../store/context';
import { fakeClient } from '../../../store/fake-client';
import { ToolsPane } from '../ToolsPane';

afterEach(cleanup);

const server: ToolboxInfo = {
  toolboxId: 'ovos-mcp-toolbox:docs',
  title: 'MCP server',
  description: '',
  source: 'mcp',
  configSchema: {},
  config: {},
  error: null,
  tools: [],
};
const builtin: ToolboxInfo = { ...server, toolboxId: 'ovos-math-tools', title: 'Math', source: 'builtin' };

function mount(handlers: Parameters<typeof fakeClient>[0]) {
  const fake = fakeClient(handlers);
  const store = createAppStore(fake.client);
  store.setState({ selectedId: 'p', toolboxes: [builtin, server], tab: 'tools' });
  render(
    <StoreProvider store={store}>
      <ToolsPane />
    </StoreProvider>,
  );
  return { ...fake, store };
}

describe('MCP server tabs in the Tools pane', () => {
  it('only MCP servers get Tools | Resources | Prompts | Log; Open reads the resource and shows it', async () => {
    const { calls } = mount({
      'mcp.resources': () => ({
        resources: [{ uri: 'docs://readme', name: 'readme', mimeType: 'text/markdown' }],
        templates: [],
      }),
      'mcp.readResource': () => ({
        uri: 'docs://readme',
        contents: [{ uri: 'docs://readme', mimeType: 'text/markdown', text: '# Hello' }],
      }),
    });
    expect(screen.queryByTestId('mcp-tab-ovos-math-tools-resources')).toBeNull();
    await act(async () => fireEvent.click(screen.getByTestId('mcp-tab-ovos-mcp-toolbox:docs-resources')));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Open docs://readme' })));
    expect(calls.at(-1)).toEqual({
      method: 'mcp.readResource',
      input: { personaId: 'p', toolboxId: 'ovos-mcp-toolbox:docs', uri: 'docs://readme' },
    });
    expect(screen.getByTestId('resource-text').textContent).toBe('# Hello');
  });

  it('a server without prompts says so; a failing list shows its error whole', async () => {
    mount({
      'mcp.prompts': () => ({ prompts: [] }),
      'mcp.resources': () => ({
        code: 'toolbox_unavailable',
        message: "MCP server 'x' could not list its resources: boom",
      }),
    });
    await act(async () => fireEvent.click(screen.getByTestId('mcp-tab-ovos-mcp-toolbox:docs-prompts')));
    expect(screen.getByTestId('no-prompts').textContent).toContain('offers no prompts');
    await act(async () => fireEvent.click(screen.getByTestId('mcp-tab-ovos-mcp-toolbox:docs-resources')));
    expect(screen.getByTestId('resources-error').textContent).toContain('could not list its resources: boom');
  });
});
