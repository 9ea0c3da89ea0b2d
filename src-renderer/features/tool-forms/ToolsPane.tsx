import { useRef, useState, type KeyboardEvent } from 'react';
import { useApp } from '../../store/context';
import { findTool } from '../../store/tools-slice';
import { EmptyState } from '../../components/EmptyState';
import { ErrorNotice } from '../../components/ErrorNotice';
import { ToolDetail } from './ToolDetail';
import { ToolSwitch } from './ToolSwitch';
import { toolKey } from '../../store/tools-slice';
import { modKey } from '../../lib/keys';
import { McpTabs } from './mcp/McpTabs';
import { McpServerPanel } from './mcp/McpServerPanel';
import { NotInstalledNotice } from './NotInstalledNotice';
import { UnsavedEditsHint } from '../../components/UnsavedEditsHint';
import { isDirty } from '../../store/personas-slice';

/** The name of a second instance of a toolbox (`ovos-mcp-toolbox:files` -> `files`): two MCP servers read apart. */
function instanceName(toolboxId: string): string | null {
  const i = toolboxId.indexOf(':');
  return i > 0 ? toolboxId.slice(i + 1) : null;
}

/** Every tool of every toolbox of the persona; the selected one's form on the right. */
export function ToolsPane() {
  const toolboxes = useApp((s) => s.toolboxes);
  const loading = useApp((s) => s.toolsLoading);
  const error = useApp((s) => s.toolsError);
  const selected = useApp((s) => s.selectedTool);
  const selectTool = useApp((s) => s.selectTool);
  const refresh = useApp((s) => s.refreshTools);
  const setTab = useApp((s) => s.setTab);
  const saved = useApp((s) => s.selectedId !== null);
  const selectedId = useApp((s) => s.selectedId);
  const reviewPrograms = useApp((s) => s.reviewPrograms);
  const mcpPanel = useApp((s) => s.mcpPanel);
  const showMcpPanel = useApp((s) => s.showMcpPanel);
  const setToolEnabled = useApp((s) => s.setToolEnabled);
  const dirty = useApp(isDirty);
  const saving = useApp((s) => s.saving);
  const save = useApp((s) => s.savePersona);
  const unsaved = dirty && (
    <UnsavedEditsHint
      uses="the tools here are the saved persona's"
      saving={saving}
      onSave={() => void save()}
      testId="tools-unsaved-edits"
    />
  );
  const [filter, setFilter] = useState('');
  /** A tool picked in the list (click, Enter): its form takes the keyboard (`nonce` repeats it for the same tool). */
  const [focusForm, setFocusForm] = useState<{ key: string; nonce: number } | null>(null);
  const navRef = useRef<HTMLElement>(null);
  const q = filter.trim().toLowerCase();
  const matches = (t: { name: string; modelName: string; description: string }) =>
    !q ||
    t.modelName.toLowerCase().includes(q) ||
    t.name.toLowerCase().includes(q) ||
    t.description.toLowerCase().includes(q);
  const tool = selected ? findTool(toolboxes, selected.toolboxId, selected.name) : null;
  /** An MCP server with its tools listed: its Resources, Prompts and Log tabs apply. */
  const hasMcpTabs = (tb: (typeof toolboxes)[number]) => tb.source === 'mcp' && !tb.error;
  const viewOf = (tb: (typeof toolboxes)[number]) =>
    hasMcpTabs(tb) && mcpPanel?.toolboxId === tb.toolboxId ? mcpPanel.view : 'tools';
  const panelToolbox = toolboxes.find((tb) => hasMcpTabs(tb) && viewOf(tb) !== 'tools') ?? null;
  const pick = (toolboxId: string, name: string) => {
    if (mcpPanel) showMcpPanel(toolboxId, 'tools');
    selectTool({ toolboxId, name });
    setFocusForm((f) => ({ key: toolKey({ toolboxId, name }), nonce: (f?.nonce ?? 0) + 1 }));
  };
  /** The filter and the tool buttons as one keyboard list: arrows move, Enter in the filter opens the first match. */
  const onListKey = (e: KeyboardEvent<HTMLElement>) => {
    const nav = navRef.current;
    if (!nav) return;
    const filterBox = nav.querySelector<HTMLInputElement>('.tool-filter');
    const buttons = [...nav.querySelectorAll<HTMLButtonElement>('button[data-tool-button]')].filter(
      (b) => !b.closest('[hidden]'),
    );
    const at = buttons.indexOf(e.target as HTMLButtonElement);
    const move = (to: HTMLElement | null | undefined) => {
      if (!to) return;
      e.preventDefault();
      to.focus();
    };
    if (e.target === filterBox) {
      if (e.key === 'ArrowDown') move(buttons[0]);
      else if (e.key === 'Enter' && buttons[0]) {
        e.preventDefault();
        buttons[0].click();
      }
      return;
    }
    if (at < 0) return;
    if (e.key === 'ArrowDown') move(buttons[at + 1]);
    else if (e.key === 'ArrowUp') move(at === 0 ? filterBox : buttons[at - 1]);
    else if (e.key === 'Home') move(buttons[0]);
    else if (e.key === 'End') move(buttons[buttons.length - 1]);
  };

  if (!saved) {
    return (
      <EmptyState
        title="Create the persona first"
        testId="tools-unsaved"
        actions={
          <button className="primary" onClick={() => setTab('editor')}>
            Back to the Editor
          </button>
        }
      >
        <p>
          Tools run inside the persona's toolboxes, with its config. Save it ({modKey()}+S) and its tools appear here.
        </p>
      </EmptyState>
    );
  }
  if (error)
    return (
      <EmptyState
        title="The tools could not be loaded"
        actions={<button onClick={() => void refresh()}>Try again</button>}
      >
        <ErrorNotice error={error} />
      </EmptyState>
    );
  if (!toolboxes.length) {
    return (
      <EmptyState
        title={loading ? 'Loading tools…' : 'This persona has no toolboxes'}
        testId="no-toolboxes"
        actions={
          !loading && (
            <button className="primary" onClick={() => setTab('editor')}>
              Enable toolboxes in the Editor
            </button>
          )
        }
      >
        {!loading && (
          <p>Tick a toolbox under “Toolboxes” in the Editor and save; its tools appear here with a form each.</p>
        )}
        {!loading && unsaved}
      </EmptyState>
    );
  }
  return (
    <div className="tools">
      <nav className="tool-list" aria-label="Tools" data-testid="tool-list" ref={navRef} onKeyDown={onListKey}>
        <input
          className="tool-filter"
          type="search"
          placeholder="Filter tools"
          aria-label="Filter tools"
          title="↓ moves to the tools, Enter opens the first match"
          value={filter}
          onChange={(e) => setFilter(e.target.value)}
        />
        {unsaved}
        {toolboxes.map((tb) => (
          <div key={tb.toolboxId}>
            <h3>
              <span>
                {tb.title}
                {instanceName(tb.toolboxId) && (
                  <span className="instance-name" data-testid={`instance-${tb.toolboxId}`}>
                    {' '}
                    · {instanceName(tb.toolboxId)}
                  </span>
                )}
              </span>
              <span
                className="badge"
                title={q ? `${tb.tools.filter(matches).length} of ${tb.tools.length} tools match` : undefined}
                data-testid={`tool-count-${tb.toolboxId}`}
              >
                {q ? `${tb.tools.filter(matches).length}/${tb.tools.length}` : tb.tools.length}
              </span>
            </h3>
            {hasMcpTabs(tb) && (
              <McpTabs toolboxId={tb.toolboxId} value={viewOf(tb)} onChange={(v) => showMcpPanel(tb.toolboxId, v)} />
            )}
            {tb.error?.code === 'approval_required' && (
              <div className="notice warn" data-testid={`toolbox-approval-${tb.toolboxId}`}>
                <span className="badge warn">needs approval</span> It starts a program on this computer, which runs only
                once you approve it.{' '}
                <button
                  type="button"
                  className="link small"
                  onClick={() => selectedId && void reviewPrograms(selectedId, 'tools')}
                >
                  Review and approve…
                </button>
              </div>
            )}
            {tb.error?.code === 'toolbox_not_installed' && (
              <NotInstalledNotice toolboxId={tb.toolboxId} error={tb.error} />
            )}
            {tb.error && tb.error.code !== 'approval_required' && tb.error.code !== 'toolbox_not_installed' && (
              <ErrorNotice error={tb.error} testId={`toolbox-error-${tb.toolboxId}`}>
                <div className="small" style={{ marginTop: 6 }}>
                  Fix its config in the{' '}
                  <button type="button" className="link small" onClick={() => setTab('editor')}>
                    Editor
                  </button>{' '}
                  (or start what it connects to), then{' '}
                  <button type="button" className="link small" onClick={() => void refresh()} disabled={loading}>
                    try again
                  </button>
                  .
                </div>
              </ErrorNotice>
            )}
            {viewOf(tb) === 'tools' && !tb.error && tb.tools.length === 0 && (
              <p className="small muted" style={{ padding: '0 8px' }}>
                No tools (yet). Check the toolbox config.
              </p>
            )}
            <ul hidden={viewOf(tb) !== 'tools'}>
              {tb.tools.filter(matches).map((t) => (
                <li key={t.name} className={t.disabled ? 'tool-off' : undefined}>
                  <ToolSwitch
                    tool={t}
                    onChange={(on) => void setToolEnabled({ toolboxId: tb.toolboxId, name: t.name }, on)}
                  />
                  <button
                    aria-current={!!selected && selected.toolboxId === tb.toolboxId && selected.name === t.name}
                    data-testid={`tool-${t.name}`}
                    data-tool-button
                    title={t.description || undefined}
                    onClick={() => pick(tb.toolboxId, t.name)}
                  >
                    <div className="tname">
                      {t.modelName}
                      {t.disabled && (
                        <span className="badge" style={{ marginLeft: 6 }} data-testid="tool-off-badge">
                          off
                        </span>
                      )}
                      {t.unavailable && (
                        <span
                          className="badge warn"
                          style={{ marginLeft: 6 }}
                          title={t.unavailable}
                          data-testid="tool-unavailable-badge"
                        >
                          {t.unavailable.includes('MCP tasks') ? 'needs MCP tasks' : 'unsupported'}
                        </span>
                      )}
                    </div>
                    <div className="tdesc">{t.description}</div>
                  </button>
                </li>
              ))}
            </ul>
          </div>
        ))}
        {q && !toolboxes.some((tb) => tb.tools.some(matches)) && (
          <p className="small muted" style={{ padding: '0 8px' }} data-testid="no-tool-matches">
            No tool matches “{filter.trim()}”.
          </p>
        )}
        <div style={{ padding: 8 }}>
          <button className="small ghost" onClick={() => void refresh()} disabled={loading}>
            {loading ? 'Refreshing…' : 'Refresh tools'}
          </button>
        </div>
      </nav>
      {panelToolbox ? (
        <McpServerPanel toolboxId={panelToolbox.toolboxId} title={panelToolbox.title} view={viewOf(panelToolbox)} />
      ) : tool ? (
        <ToolDetail
          key={toolKey(tool)}
          tool={tool}
          focusRequest={focusForm?.key === toolKey(tool) ? focusForm.nonce : 0}
        />
      ) : (
        <EmptyState title="Pick a tool" compact>
          <p>Each tool gets a form generated from its argument schema. Run it by hand exactly as the model would.</p>
        </EmptyState>
      )}
    </div>
  );
}
