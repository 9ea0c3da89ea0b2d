import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ToolboxInfo } from '../../../shared/domain/tool';
import { createAppStore } from '../../store';
import { StoreProvider } from '../../store/context';
import { fakeClient } from '../../store/fake-client';
import { ToolsPane } from './ToolsPane';

afterEach(cleanup);

const math: ToolboxInfo = {
  toolboxId: 'math',
  title: 'Math',
  description: '',
  source: 'builtin',
  configSchema: {},
  config: {},
  error: null,
  tools: [
    {
      name: 'add',
      modelName: 'add',
      description: 'Adds',
      argument_schema: {},
      output_schema: {},
      toolboxId: 'math',
      openai: { type: 'function', function: { name: 'add' } },
    },
  ],
};
const down: ToolboxInfo = {
  ...math,
  toolboxId: 'ovos-mcp-toolbox',
  title: 'MCP server',
  source: 'mcp',
  tools: [],
  error: { code: 'internal', message: "Cannot connect to MCP server 'nope': command not found" },
};

function mount() {
  const fake = fakeClient({ 'toolboxes.refresh': () => ({ toolboxes: [math, { ...down, error: null }] }) });
  const store = createAppStore(fake.client);
  store.setState({ selectedId: 'p', toolboxes: [math, down], tab: 'tools' });
  render(
    <StoreProvider store={store}>
      <ToolsPane />
    </StoreProvider>,
  );
  return { store, calls: fake.calls };
}

describe('ToolsPane', () => {
  it('says what to do about a toolbox that failed: its config in the Editor, then try again', async () => {
    const { store, calls } = mount();
    const notice = screen.getByTestId('toolbox-error-ovos-mcp-toolbox');
    expect(notice.textContent).toContain('command not found');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'try again' })));
    expect(calls.map((c) => c.method)).toContain('toolboxes.refresh');
    expect(screen.queryByTestId('toolbox-error-ovos-mcp-toolbox')).toBeNull();
    act(() => store.setState({ toolboxes: [math, down] }));
    fireEvent.click(screen.getByRole('button', { name: 'Editor' }));
    expect(store.getState().tab).toBe('editor');
  });

  it('says when the filter matches no tool', () => {
    mount();
    fireEvent.change(screen.getByLabelText('Filter tools'), { target: { value: 'zzz' } });
    expect(screen.getByTestId('no-tool-matches').textContent).toBe('No tool matches “zzz”.');
    fireEvent.change(screen.getByLabelText('Filter tools'), { target: { value: 'add' } });
    expect(screen.queryByTestId('no-tool-matches')).toBeNull();
  });
});

describe('ToolsPane toolbox headings', () => {
  it('tells two MCP toolboxes apart by their instance name', () => {
    const fake = fakeClient({});
    const store = createAppStore(fake.client);
    const files: ToolboxInfo = { ...down, toolboxId: 'ovos-mcp-toolbox:files', error: null };
    store.setState({ selectedId: 'p', toolboxes: [{ ...down, error: null }, files], tab: 'tools' });
    render(
      <StoreProvider store={store}>
        <ToolsPane />
      </StoreProvider>,
    );
    const headings = screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
    expect(headings[0]).toMatch(/^MCP server\d/);
    expect(headings[1]).toMatch(/^MCP server · files\d/);
  });
});

describe('ToolsPane tool switches', () => {
  it('shows a turned-off tool dimmed; its switch saves the change and reloads the list', async () => {
    const off: ToolboxInfo = { ...math, tools: [{ ...math.tools[0], disabled: true }] };
    const record = {
      id: 'p',
      path: '/x/p.json',
      persona: { name: 'P', handlers: ['e'], persona_studio: { tools: { disabled: [] } } },
      secretsSet: [],
      secretsHeld: [],
    };
    const fake = fakeClient({
      'tools.setEnabled': (() => record) as never,
      'toolboxes.list': () => ({ toolboxes: [math] }),
    });
    const store = createAppStore(fake.client);
    store.setState({
      selectedId: 'p',
      toolboxes: [off],
      tab: 'tools',
      draft: { name: 'P', handlers: ['e'], persona_studio: { tools: { disabled: ['math/add'] } } } as never,
    });
    render(
      <StoreProvider store={store}>
        <ToolsPane />
      </StoreProvider>,
    );
    expect(screen.getByTestId('tool-add').closest('li')!.className).toBe('tool-off');
    expect(screen.getByTestId('tool-off-badge').textContent).toBe('off');
    const toggle = screen.getByRole('switch', { name: 'Turn on add for this persona' }) as HTMLInputElement;
    expect(toggle.checked).toBe(false);
    await act(async () => fireEvent.click(toggle));
    expect(fake.calls.find((c) => c.method === 'tools.setEnabled')?.input).toEqual({
      personaId: 'p',
      toolboxId: 'math',
      name: 'add',
      enabled: true,
    });
    expect(fake.calls.map((c) => c.method)).toContain('toolboxes.list');
    expect(screen.getByTestId('tool-add').closest('li')!.className).toBe('');
    expect(screen.getByRole('switch', { name: 'Turn off add for this persona' })).toBeTruthy();
    // The editor's draft gets the switch too, so a later save keeps it.
    expect((store.getState().draft as Record<string, unknown>).persona_studio).toBeUndefined();
  });
});
