import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { toolboxInfo } from '../../../testing/fixtures';
import { renderWithStore } from '../../../testing/store-kit';
import { ToolsPane } from '../ToolsPane';

afterEach(cleanup);

const server = toolboxInfo({ toolboxId: 'ovos-mcp-toolbox:docs', title: 'MCP server', source: 'mcp' });
const builtin = toolboxInfo({ toolboxId: 'ovos-math-tools' });

function mount(handlers: Parameters<typeof renderWithStore>[1]) {
  return renderWithStore(<ToolsPane />, handlers, { selectedId: 'p', toolboxes: [builtin, server], tab: 'tools' });
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

  it('reloads the resources when the server says they changed, and previews a raster image blob', async () => {
    let listed = 0;
    const { emit } = mount({
      'mcp.resources': () => ({
        resources: [{ uri: `img://${++listed}`, name: `image ${listed}`, mimeType: 'image/png' }],
        templates: [],
      }),
      'mcp.readResource': () => ({
        uri: 'img://2',
        contents: [{ uri: 'img://2', mimeType: 'image/png', blob: 'iVBORw0KGgo=' }],
      }),
    });
    await act(async () => fireEvent.click(screen.getByTestId('mcp-tab-ovos-mcp-toolbox:docs-resources')));
    expect(screen.getByText('image 1')).toBeTruthy();
    await act(async () =>
      emit('mcp.log', {
        personaId: 'p',
        toolboxId: 'ovos-mcp-toolbox:docs',
        entry: {
          seq: 7,
          at: 1,
          kind: 'notification',
          level: null,
          logger: null,
          method: 'notifications/resources/list_changed',
          data: null,
        },
      }),
    );
    expect(screen.getByText('image 2')).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Open img://2' })));
    expect(screen.getByTestId('resource-blob').textContent).toBe('Binary content: image/png, 8 B');
    expect(screen.getByRole('img', { name: 'Image img://2' }).getAttribute('src')).toBe(
      'data:image/png;base64,iVBORw0KGgo=',
    );
  });
});
