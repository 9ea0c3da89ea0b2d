import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { ChatPane } from './ChatPane';
import { storeKit, renderInStore } from '../../testing/store-kit';
import { loadedSession, sessionSummary } from '../../testing/fixtures';
import { sampleRun } from '../../lib/trace-fixtures';

afterEach(cleanup);

function mount() {
  const { store, calls } = storeKit({
    'personas.save': (i: { persona: { name: string } }) => ({
      id: 'new-persona',
      path: '/d/personas/new-persona.json',
      persona: i.persona,
      secretsSet: [],
    }),
    'personas.list': () => ({ personas: [], broken: [] }),
    'toolboxes.list': () => ({ toolboxes: [] }),
    'chat.sessions': () => ({ sessions: [] }),
    'brains.test': () => ({
      ok: false,
      latencyMs: 0,
      models: [],
      error: { code: 'brain_unreachable', message: 'nothing there' },
    }),
  });
  store.getState().newDraft();
  store.getState().setTab('chat');
  renderInStore(store, <ChatPane />);
  return { store, calls };
}

describe('ChatPane before the persona exists', () => {
  it('creates the persona from the chat pane, then offers the chat', async () => {
    const { store, calls } = mount();
    expect(screen.getByTestId('chat-empty').textContent).toContain('Create the persona to chat with it');
    await act(async () => fireEvent.click(screen.getByTestId('chat-create-persona')));
    expect(calls.some((c) => c.method === 'personas.save')).toBe(true);
    expect(store.getState().selectedId).toBe('new-persona');
    expect(store.getState().tab).toBe('chat');
    expect(screen.getByTestId('chat-empty').textContent).toContain('Talk to New persona');
  });

  it('goes to the Editor when the persona cannot be created yet', async () => {
    const { store, calls } = mount();
    act(() => store.getState().updateDraft((p) => ({ ...p, name: '' })));
    await act(async () => fireEvent.click(screen.getByTestId('chat-create-persona')));
    expect(calls.some((c) => c.method === 'personas.save')).toBe(false);
    expect(store.getState().tab).toBe('editor');
  });
});

describe('ChatPane with a toolbox that is down (issue 11.18)', () => {
  it('shows a banner naming the toolbox and its error, and leads to the Tools pane', async () => {
    const { store } = mount();
    await act(async () => fireEvent.click(screen.getByTestId('chat-create-persona')));
    expect(screen.queryByTestId('chat-toolbox-banner')).toBeNull();
    act(() =>
      store.setState({
        toolboxes: [
          {
            toolboxId: 'ovos-mcp-toolbox:files',
            title: 'MCP server',
            description: '',
            source: 'mcp',
            configSchema: {},
            config: {},
            tools: [],
            error: {
              code: 'tool_execution_failed',
              message:
                "Cannot connect to MCP server 'node': the server closed the connection (its stderr: Error: Cannot find module '/x.js')",
            },
          },
        ],
      }),
    );
    const banner = screen.getByTestId('chat-toolbox-banner').textContent!;
    expect(banner).toContain('ovos-mcp-toolbox:files');
    expect(banner).toContain("is unavailable: Cannot connect to MCP server 'node'");
    expect(banner).toContain('The persona runs without its tools.');
    fireEvent.click(screen.getByText('Open the Tools pane'));
    expect(store.getState().tab).toBe('tools');
  });
});

describe('ChatPane on a persona with sessions', () => {
  it('offers its most recent chat in the empty chat, and opens it', async () => {
    const older = sessionSummary({ sessionId: 's-old', title: 'old question', updatedAt: 1_000 });
    const newest = sessionSummary({ sessionId: 's-new', title: 'What is 12*9?', updatedAt: 2_000, runs: 2 });
    const { store, calls } = storeKit(
      {
        'chat.sessions': () => ({ sessions: [older, newest] }),
        'chat.loadSession': (i: { sessionId: string }) => ({
          ...loadedSession(i.sessionId),
          events: sampleRun('run-1', i.sessionId),
        }),
      },
      { selectedId: 'calc', connection: 'open' },
    );
    await act(async () => store.getState().loadSessions());
    renderInStore(store, <ChatPane />);
    const button = screen.getByTestId('open-last-chat');
    expect(button.textContent).toBe('Open the last chat: “What is 12*9?”');
    expect(button.getAttribute('title')).toContain('2 runs');
    await act(async () => fireEvent.click(button));
    expect(calls.find((c) => c.method === 'chat.loadSession')?.input).toMatchObject({ sessionId: 's-new' });
    expect(store.getState().sessionId).toBe('s-new');
    expect(screen.queryByTestId('open-last-chat')).toBeNull();
  });
});
