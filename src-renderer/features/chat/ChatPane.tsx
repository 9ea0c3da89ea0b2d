import { useCallback, useMemo, useState } from 'react';
import { useApp } from '../../store/context';
import { activeProgress, activeRunId, currentRows } from '../../store/chat-selectors';
import { isDirty } from '../../store/personas-slice';
import { UnsavedEditsHint } from '../../components/UnsavedEditsHint';
import { EmptyState } from '../../components/EmptyState';
import { ErrorNotice } from '../../components/ErrorNotice';
import { unfoldedRows, withWaitingRow, type ToolRow } from '../../lib/trace-rows';
import { BrainStatus } from './BrainStatus';
import { Composer } from './Composer';
import { SessionBar } from './SessionBar';
import { ToolboxBanner } from './ToolboxBanner';
import { TracePane } from './TracePane';
import { EarlierEvents } from './EarlierEvents';
import { useRowUi } from './use-row-ui';
import { modKey } from '../../lib/keys';
import { BreakpointsBar } from './BreakpointsBar';
import { pausedRowKey, withPause } from './debug-rows';
import { PauseStatus } from './PauseStatus';
import { useDebugger } from './use-debugger';
import { OriginLink } from './OriginLink';
import { RerunDialog } from './RerunDialog';
import { ToolResultContext } from '../../components/tool-result/result-context';
import { useToolResultEnv } from '../../hooks/use-tool-result-env';
import { BundleBanner } from './BundleBanner';
import { useSessionBundle } from './use-session-bundle';
import { LastChatButton } from './LastChatButton';

/** Chat with the persona and watch its loop: every assistant turn, tool call, result and error. */
export function ChatPane() {
  const resultEnv = useToolResultEnv();
  return (
    <ToolResultContext.Provider value={resultEnv}>
      <ChatPaneBody />
    </ToolResultContext.Provider>
  );
}

function ChatPaneBody() {
  const built = useApp(currentRows);
  const runId = useApp(activeRunId);
  const progress = useApp(activeProgress);
  const sending = useApp((s) => s.sending);
  const composerPrefill = useApp((s) => s.composerPrefill);
  const chatError = useApp((s) => s.chatError);
  const selectedId = useApp((s) => s.selectedId);
  const name = useApp((s) => s.draft?.name ?? '');
  const dirty = useApp(isDirty);
  const send = useApp((s) => s.send);
  const cancel = useApp((s) => s.cancelRun);
  const openToolCall = useApp((s) => s.openToolCall);
  const save = useApp((s) => s.savePersona);
  const saving = useApp((s) => s.saving);
  const setTab = useApp((s) => s.setTab);
  const memory = useApp((s) => s.chatView);
  const sessionId = useApp((s) => s.sessionId);
  const remember = useApp((s) => s.rememberChatView);
  const [allCollapsed, setAllCollapsed] = useState(memory.allCollapsed);
  const toggleAll = () => {
    remember({ allCollapsed: !allCollapsed });
    setAllCollapsed(!allCollapsed);
  };
  const anchor = useMemo(
    () => ({
      get: () => (sessionId ? (memory.anchors.get(sessionId) ?? null) : null),
      set: (i: number | null) => {
        if (!sessionId) return;
        if (i === null) memory.anchors.delete(sessionId);
        else memory.anchors.set(sessionId, i);
      },
    }),
    [memory, sessionId],
  );
  const pause = useDebugger(selectedId);
  const bundle = useSessionBundle();
  const rows = useMemo(() => (pause ? withPause(built, pause) : withWaitingRow(built, runId)), [built, pause, runId]);
  const openTool = useCallback(
    (row: ToolRow) => void openToolCall(row.toolboxId, row.name, row.arguments),
    [openToolCall],
  );
  const rowUi = useRowUi(openTool, allCollapsed, { flipped: memory.flipped, raw: memory.raw, save: remember });
  const openFork = useApp((s) => s.openFork);
  const revealKey = useApp((s) => s.revealKey);
  const ui = useMemo(() => ({ ...rowUi, fork: openFork }), [rowUi, openFork]);
  const shown = useMemo(() => unfoldedRows(rows, ui.collapsed), [rows, ui]);
  const onCancel = useCallback(() => void cancel(), [cancel]);

  return (
    <div className="chat" data-testid="chat-pane">
      <SessionBar>
        {runId && pause && <PauseStatus pause={pause} />}
        {runId && !pause && (
          <span className="badge run" data-testid="run-status">
            <span className="spinner" style={{ marginRight: 6 }} />
            running
            {progress?.iteration
              ? ` · ${progress.max && progress.iteration > progress.max ? 'final answer, without tools' : `iteration ${progress.iteration}${progress.max ? ` of ${progress.max}` : ''}`}`
              : ''}
          </span>
        )}
        <button className="ghost small" onClick={toggleAll} disabled={!rows.length}>
          {allCollapsed ? 'Expand tool cards' : 'Collapse tool cards'}
        </button>
      </SessionBar>
      <OriginLink />
      <BreakpointsBar />
      {bundle ? <BundleBanner bundle={bundle} /> : selectedId && <ToolboxBanner />}
      {rows.length > 0 && <EarlierEvents />}
      {rows.length ? (
        <TracePane
          key={sessionId ?? ''}
          rows={shown}
          ui={ui}
          anchor={anchor}
          reveal={pausedRowKey(pause) ?? revealKey}
        />
      ) : (
        <div className="trace-scroll">
          <EmptyState
            title={selectedId ? `Talk to ${name}` : 'Create the persona to chat with it'}
            testId="chat-empty"
            actions={
              !selectedId ? (
                <button
                  className="primary"
                  data-testid="chat-create-persona"
                  onClick={() => void save().then((ok) => ok || setTab('editor'))}
                >
                  Create persona
                </button>
              ) : (
                !runId && !sessionId && <LastChatButton />
              )
            }
          >
            <p>
              {selectedId
                ? 'Each message runs the loop: you will see every assistant turn, each tool call with its arguments and result, and the answer as it streams.'
                : `Chat runs the saved persona file. Create it here or with ${modKey()}+S; if something is missing, the Editor shows what.`}
            </p>
            {selectedId && <BrainStatus />}
          </EmptyState>
        </div>
      )}
      {chatError && (
        <div style={{ padding: '0 20px 8px' }}>
          <ErrorNotice error={chatError} testId="chat-error" />
        </div>
      )}
      {dirty && selectedId && (
        <UnsavedEditsHint
          uses="chat uses the saved version"
          saving={saving}
          onSave={() => void save()}
          testId="chat-unsaved"
        />
      )}
      <RerunDialog />
      <Composer
        disabled={!selectedId || !!bundle}
        running={!!runId}
        sending={sending}
        onSend={send}
        onCancel={onCancel}
        placeholder={
          bundle
            ? 'A session opened from a bundle is read-only: re-run it offline, or start a new chat'
            : selectedId
              ? `Message ${name}…`
              : 'Save the persona first'
        }
        prefill={composerPrefill}
      />
    </div>
  );
}
