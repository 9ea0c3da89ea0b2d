import { useEffect, useState } from 'react';
import type { ErrorValue } from '../../../../shared/domain/errors';
import { McpLogLevel, type McpLogEntry } from '../../../../shared/domain/mcp';
import { ErrorNotice } from '../../../components/ErrorNotice';
import { toErrorValue } from '../../../lib/api-error';
import { useApp } from '../../../store/context';

const LEVELS = McpLogLevel.options;
const NONE: McpLogEntry[] = [];
const rank = (level: string | null) => (level ? LEVELS.indexOf(level as McpLogLevel) : -1);
const levelClass = (level: string | null) =>
  rank(level) >= rank('error') ? 'badge err' : rank(level) >= rank('warning') ? 'badge warn' : 'badge';

/** A log entry's data on one line: a string as it is, anything else as compact JSON. */
function logText(data: unknown): string {
  if (typeof data === 'string') return data;
  try {
    return JSON.stringify(data);
  } catch {
    return String(data);
  }
}

/** A choice of MCP log level; `unset` names the choice shown before one is made (it cannot be picked). */
function LevelSelect({
  label,
  value,
  unset,
  onChange,
}: {
  label: string;
  value: McpLogLevel | '';
  unset?: string;
  onChange(level: McpLogLevel): void;
}) {
  return (
    <select aria-label={label} value={value} onChange={(e) => onChange(e.target.value as McpLogLevel)}>
      {unset !== undefined && (
        <option value="" disabled>
          {unset}
        </option>
      )}
      {LEVELS.map((l) => (
        <option key={l} value={l}>
          {l}
        </option>
      ))}
    </select>
  );
}

/** A server's log messages and other notifications, live, filtered by level; the server's own level can be set. */
export function LogPanel({ toolboxId }: { toolboxId: string }) {
  const entries = useApp((s) => s.mcpLog[toolboxId] ?? NONE);
  const loadLog = useApp((s) => s.loadMcpLog);
  const client = useApp((s) => s.client);
  const personaId = useApp((s) => s.selectedId ?? undefined);
  const [min, setMin] = useState<McpLogLevel>('debug');
  const [notifications, setNotifications] = useState(true);
  const [logging, setLogging] = useState(false);
  const [error, setError] = useState<ErrorValue | null>(null);
  const [serverLevel, setServerLevel] = useState<McpLogLevel | ''>('');

  useEffect(() => {
    loadLog(toolboxId).then(
      (r) => setLogging(r.logging),
      (e) => setError(toErrorValue(e)),
    );
  }, [loadLog, toolboxId]);

  const shown = entries.filter((e) => (e.kind === 'log' ? rank(e.level) >= rank(min) : notifications));
  const setLevel = async (level: McpLogLevel) => {
    setServerLevel(level);
    try {
      await client.call('mcp.setLogLevel', { personaId, toolboxId, level });
      setError(null);
    } catch (e) {
      setError(toErrorValue(e));
    }
  };

  return (
    <div className="mcp-log" data-testid="log-panel">
      <div className="row mcp-log-bar">
        <label className="small">
          Show from <LevelSelect label="Lowest level shown" value={min} onChange={setMin} />
        </label>
        <label className="small">
          <input type="checkbox" checked={notifications} onChange={(e) => setNotifications(e.target.checked)} /> Other
          notifications
        </label>
        <span className="grow" />
        {logging && (
          <label className="small" title="logging/setLevel: the lowest level the server sends">
            Server sends from{' '}
            <LevelSelect
              label="Server log level"
              value={serverLevel}
              unset="its default"
              onChange={(level) => void setLevel(level)}
            />
          </label>
        )}
        <span className="small muted">
          {shown.length} of {entries.length}
        </span>
      </div>
      {error && <ErrorNotice error={error} />}
      {!entries.length ? (
        <p className="small muted" data-testid="log-empty">
          Nothing logged yet. What the server logs (notifications/message) and its other notifications appear here as
          they come; the last 500 are kept.
        </p>
      ) : !shown.length ? (
        <p className="small muted">No entry at {min} or above. Lower the level to see more.</p>
      ) : (
        <ol className="mcp-log-list" aria-label="Server log">
          {shown.map((e) => (
            <li key={e.seq} data-testid="log-entry" data-level={e.level ?? 'notification'}>
              <time className="small muted">{new Date(e.at).toLocaleTimeString()}</time>{' '}
              {e.kind === 'log' ? (
                <span className={levelClass(e.level)}>{e.level}</span>
              ) : (
                <span className="badge">{e.method}</span>
              )}
              {e.logger && <span className="small muted"> {e.logger}</span>}{' '}
              {e.data !== null && <span className="mcp-log-data">{logText(e.data)}</span>}
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
