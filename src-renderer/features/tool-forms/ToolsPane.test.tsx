import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import type { ToolboxInfo } from '../../../shared/domain/tool';
import { ToolsPane } from './ToolsPane';
import { storeKit, renderInStore } from '../../testing/store-kit';
import { toolboxInfo, toolInfo } from '../../testing/fixtures';

afterEach(cleanup);

const math = toolboxInfo({ tools: [toolInfo('add', { description: 'Adds' })] });
const down: ToolboxInfo = {
  ...math,
  toolboxId: 'ovos-mcp-toolbox',
  title: 'MCP server',
  source: 'mcp',
  tools: [],
  error: { code: 'internal', message: "Cannot connect to MCP server 'nope': command not found" },
};

function mount() {
  const { store, ...fake } = storeKit(
    { 'toolboxes.refresh': () => ({ toolboxes: [math, { ...down, error: null }] }) },
    { selectedId: 'p', toolboxes: [math, down], tab: 'tools' },
  );
  renderInStore(store, <ToolsPane />);
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

  it('a toolbox no plugin provides: not installed, what to do, and what is installed; the other tools stay', async () => {
    const missing: ToolboxInfo = {
      ...down,
      toolboxId: 'weather-tools',
      title: 'weather-tools',
      source: 'builtin',
      error: {
        code: 'toolbox_not_installed',
        message: "No toolbox plugin 'weather-tools' is installed here, so the persona runs without it (as OVOS does).",
        details: { id: 'weather-tools', installed: ['ovos-math-tools', 'ovos-clock-tools'] },
      },
    };
    const { store, calls } = storeKit(
      { 'toolboxes.refresh': () => ({ toolboxes: [math, missing] }) },
      { selectedId: 'p', toolboxes: [math, missing], tab: 'tools' },
    );
    renderInStore(store, <ToolsPane />);
    const notice = screen.getByTestId('toolbox-not-installed-weather-tools').textContent!;
    expect(notice).toContain('not installed');
    expect(notice).toContain('Take it out of the persona in the Editor, or install its plugin');
    expect(notice).toContain('Installed here: ovos-math-tools, ovos-clock-tools.');
    expect(screen.queryByTestId('toolbox-error-weather-tools')).toBeNull();
    expect(screen.getByTestId('tool-add')).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'refresh' })));
    expect(calls.map((c) => c.method)).toContain('toolboxes.refresh');
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
    const { store } = storeKit({});
    const files: ToolboxInfo = { ...down, toolboxId: 'ovos-mcp-toolbox:files', error: null };
    store.setState({ selectedId: 'p', toolboxes: [{ ...down, error: null }, files], tab: 'tools' });
    renderInStore(store, <ToolsPane />);
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
    const { store, ...fake } = storeKit(
      {
        'tools.setEnabled': (() => record) as never,
        'toolboxes.list': () => ({ toolboxes: [math] }),
      },
      {
        selectedId: 'p',
        toolboxes: [off],
        tab: 'tools',
        draft: { name: 'P', handlers: ['e'], persona_studio: { tools: { disabled: ['math/add'] } } } as never,
      },
    );
    renderInStore(store, <ToolsPane />);
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

describe('ToolsPane keyboard', () => {
  const schema = { type: 'object', properties: { a: { type: 'number' } } };
  const tools = toolboxInfo({
    tools: [
      toolInfo('add', { description: 'Adds', argument_schema: schema }),
      toolInfo('sub', { description: 'Subtracts', argument_schema: schema }),
    ],
  });
  const clock = toolboxInfo({
    toolboxId: 'clock',
    title: 'Clock',
    tools: [toolInfo('now', { toolboxId: 'clock', description: 'The time' })],
  });
  function mountTools() {
    const { store } = storeKit({}, { selectedId: 'p', toolboxes: [tools, clock], tab: 'tools' });
    renderInStore(store, <ToolsPane />);
    return store;
  }

  it('moves from the filter through the tools with the arrows, across toolboxes, and back', () => {
    mountTools();
    const filter = screen.getByLabelText('Filter tools');
    filter.focus();
    fireEvent.keyDown(filter, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(screen.getByTestId('tool-add'));
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(screen.getByTestId('tool-now'));
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(screen.getByTestId('tool-now'));
    fireEvent.keyDown(document.activeElement!, { key: 'Home' });
    expect(document.activeElement).toBe(screen.getByTestId('tool-add'));
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowUp' });
    expect(document.activeElement).toBe(filter);
  });

  it('Enter in the filter opens the first match and puts the keyboard in its form; counts say what matches', () => {
    const store = mountTools();
    const filter = screen.getByLabelText('Filter tools');
    fireEvent.change(filter, { target: { value: 'subtr' } });
    expect(screen.getByTestId('tool-count-math').textContent).toBe('1/2');
    expect(screen.getByTestId('tool-count-clock').textContent).toBe('0/1');
    filter.focus();
    fireEvent.keyDown(filter, { key: 'Enter' });
    expect(store.getState().selectedTool).toEqual({ toolboxId: 'math', name: 'sub' });
    expect(screen.getByTestId('tool-detail').contains(document.activeElement)).toBe(true);
    expect((document.activeElement as HTMLInputElement).type).toBe('number');
    fireEvent.change(filter, { target: { value: '' } });
    expect(screen.getByTestId('tool-count-math').textContent).toBe('2');
  });

  it('a tool without arguments picked in the list puts the keyboard on its Run button', () => {
    mountTools();
    fireEvent.click(screen.getByTestId('tool-now'));
    expect(document.activeElement).toBe(screen.getByTestId('run-tool'));
  });
});

describe('ToolsPane while the Editor has unsaved changes', () => {
  function mountSaved(toolboxes: ToolboxInfo[]) {
    const kit = storeKit(
      {
        'personas.save': (i: { persona: { name: string } }) => ({
          id: 'p',
          path: '/d/personas/p.json',
          persona: i.persona,
          secretsSet: [],
        }),
        'personas.list': () => ({ personas: [], broken: [] }),
        'toolboxes.list': () => ({ toolboxes: [math] }),
        'chat.sessions': () => ({ sessions: [] }),
      },
      { tab: 'tools' },
    );
    kit.store.getState().newDraft();
    kit.store.setState({ selectedId: 'p', toolboxes });
    kit.store.setState((s) => ({ savedJson: JSON.stringify(s.draft) }));
    renderInStore(kit.store, <ToolsPane />);
    return kit;
  }

  it('says the tools are those of the saved persona, and Save now saves (then its tools load)', async () => {
    const { store, calls } = mountSaved([]);
    expect(screen.queryByTestId('tools-unsaved-edits')).toBeNull();
    act(() => store.getState().updateDraft((p) => ({ ...p, name: 'Calc' })));
    const hint = screen.getByTestId('tools-unsaved-edits');
    expect(hint.textContent).toContain("The persona has unsaved changes; the tools here are the saved persona's.");
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save now' })));
    expect(calls.some((c) => c.method === 'personas.save')).toBe(true);
    expect(screen.queryByTestId('tools-unsaved-edits')).toBeNull();
    expect(calls.map((c) => c.method)).toContain('toolboxes.list');
    expect(screen.getByTestId('tool-add')).toBeTruthy();
  });

  it('shows the same hint above a tool list', () => {
    const { store } = mountSaved([math]);
    act(() => store.getState().updateDraft((p) => ({ ...p, name: 'Calc' })));
    expect(screen.getByTestId('tool-list').querySelector('[data-testid="tools-unsaved-edits"]')).toBeTruthy();
  });
});
