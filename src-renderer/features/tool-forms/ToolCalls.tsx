import { useMemo } from 'react';
import type { SavedCall } from '../../../shared/domain/call-history';
import { useApp } from '../../store/context';
import { toolKey, type HistoryEntry, type ToolRef } from '../../store/tools-slice';
import { SavedCalls } from './SavedCalls';
import { ToolHistory } from './ToolHistory';

const NO_HISTORY: HistoryEntry[] = [];

/** A tool's saved calls and its history of manual calls (both kept per persona in the data folder). */
export function ToolCalls({
  tool,
  busy,
  onLoad,
  onRun,
}: {
  tool: ToolRef;
  busy: boolean;
  /** Puts a kept call's arguments into the form (and shows a history entry's outcome). */
  onLoad(args: Record<string, unknown>, entry: HistoryEntry | null): void;
  onRun(args: Record<string, unknown>): void;
}) {
  const key = toolKey(tool);
  const history = useApp((s) => s.history[key] ?? NO_HISTORY);
  const allSaved = useApp((s) => s.savedCalls);
  const historyError = useApp((s) => s.historyError);
  const saveCall = useApp((s) => s.saveCall);
  const renameCall = useApp((s) => s.renameCall);
  const deleteCall = useApp((s) => s.deleteCall);
  const saved = useMemo(() => allSaved.filter((s: SavedCall) => toolKey(s) === key), [allSaved, key]);
  return (
    <>
      {historyError && (
        <div className="notice warn small" data-testid="history-error">
          The stored history could not be read ({historyError.code}: {historyError.message}); this window's calls are
          shown.
        </div>
      )}
      <SavedCalls
        saved={saved}
        busy={busy}
        hasHistory={history.length > 0}
        onRun={(s) => onRun(s.args)}
        onLoad={(s) => onLoad(s.args, null)}
        onRename={renameCall}
        onDelete={(s) => void deleteCall(s)}
      />
      <ToolHistory
        entries={history}
        busy={busy}
        onLoad={(e) => onLoad(e.args, e)}
        onRerun={(e) => onRun(e.args)}
        onSave={saveCall}
      />
    </>
  );
}
