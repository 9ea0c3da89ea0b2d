import { useApp } from './store/context';
import { isDirty } from './store/personas-slice';
import { Sidebar } from './features/sidebar/Sidebar';
import { PersonaEditor } from './features/persona-editor/PersonaEditor';
import { ToolsPane } from './features/tool-forms/ToolsPane';
import { ChatPane } from './features/chat/ChatPane';
import { RunDiffView } from './features/run-diff/RunDiffView';
import { ForkDialog } from './features/chat/ForkDialog';
import { CaseTrace } from './features/chat/CaseTrace';
import { TestsPane } from './features/tests/TestsPane';
import { SaveTestDialog } from './features/tests/SaveTestDialog';
import { useGuardedSelect } from './features/sidebar/use-guarded-select';
import { ConfirmDialog } from './components/ConfirmDialog';
import { ApprovalDialog } from './features/approvals/ApprovalDialog';
import { ExportDialog } from './features/persona-editor/ExportDialog';
import { KeyQuestionDialog } from './features/persona-editor/KeyQuestionDialog';
import { ImportConflictDialog } from './features/sidebar/ImportConflictDialog';
import { ErrorBoundary } from './components/ErrorBoundary';
import { ConnectionBanner } from './components/ConnectionBanner';
import { EmptyState } from './components/EmptyState';
import { ErrorNotice } from './components/ErrorNotice';
import { Tabs } from './components/Tabs';
import { Toasts } from './components/Toasts';
import { Notices } from './components/Notices';
import { useShortcuts } from './hooks/use-shortcuts';
import { useTheme } from './hooks/use-theme';
import type { Tab } from './store/ui-slice';

const TABS: { id: Tab; label: string }[] = [
  { id: 'editor', label: 'Editor' },
  { id: 'tools', label: 'Tools' },
  { id: 'chat', label: 'Chat' },
  { id: 'tests', label: 'Tests' },
];

/** Wiring only: sidebar, header with tabs, the selected pane, dialogs. */
export function App() {
  useTheme();
  useShortcuts();
  const draft = useApp((s) => s.draft);
  const tab = useApp((s) => s.tab);
  const setTab = useApp((s) => s.setTab);
  const dirty = useApp(isDirty);
  const listLoaded = useApp((s) => s.listLoaded);
  const listError = useApp((s) => s.listError);
  const count = useApp((s) => s.personas.length + s.broken.length);
  const { create } = useGuardedSelect();
  const connection = useApp((s) => s.connection);
  const toasts = useApp((s) => s.toasts);
  const dismissToast = useApp((s) => s.dismissToast);
  const confirm = useApp((s) => s.confirm);
  const closeConfirm = useApp((s) => s.closeConfirm);
  const notices = useApp((s) => s.notices);
  const dismissNotice = useApp((s) => s.dismissNotice);

  return (
    <div className="app">
      <Sidebar />
      <main className="main">
        <ConnectionBanner lost={connection === 'lost'} dirty={dirty} />
        {draft ? (
          <>
            <header className="main-header">
              <div className="title grow">
                <h1 data-testid="persona-title">{draft.name || 'Untitled persona'}</h1>
                {dirty && <span className="dot" title="Unsaved changes" />}
              </div>
              <Tabs tabs={TABS} value={tab} onChange={setTab} numbered />
            </header>
            <div className={tab === 'editor' ? 'pane' : 'pane fill'}>
              <ErrorBoundary resetKey={tab}>
                {tab === 'editor' && <PersonaEditor />}
                {tab === 'tools' && <ToolsPane />}
                {tab === 'chat' && <ChatPane />}
                {tab === 'tests' && <TestsPane Trace={CaseTrace} />}
              </ErrorBoundary>
            </div>
          </>
        ) : listError ? (
          <EmptyState title="The personas could not be listed">
            <ErrorNotice error={listError} />
          </EmptyState>
        ) : !listLoaded ? (
          <EmptyState title="Loading…" />
        ) : count === 0 ? (
          <EmptyState
            title="No personas yet"
            testId="no-personas"
            actions={
              <button className="primary" onClick={create}>
                Create a persona
              </button>
            }
          >
            <p>
              A persona is a brain (an OpenAI-compatible model server such as Ollama) plus toolboxes, run by a
              tool-calling loop. Create one, or import an OVOS persona JSON file from the sidebar.
            </p>
          </EmptyState>
        ) : (
          <EmptyState title="Pick a persona" testId="pick-persona">
            <p>Choose one in the sidebar to edit it, try its tools by hand, or chat with it and watch its loop.</p>
          </EmptyState>
        )}
      </main>
      <Notices notices={notices} onDismiss={dismissNotice} />
      <Toasts toasts={toasts} onDismiss={dismissToast} />
      <ConfirmDialog request={confirm} onClose={closeConfirm} />
      <ApprovalDialog />
      <ExportDialog />
      <KeyQuestionDialog />
      <ImportConflictDialog />
      <RunDiffView />
      <ForkDialog />
      <SaveTestDialog />
    </div>
  );
}
