import type { McpLogEntry, McpLogLevel } from '../../../../shared/domain/mcp';

/** How many entries a server's log keeps (the oldest go first). */
export const SERVER_LOG_CAPACITY = 500;
/** A log entry's data longer than this (as JSON) is cut, so a chatty server cannot fill main's memory. */
const MAX_DATA_CHARS = 8000;

/**
 * What one MCP server sent beside answers: its `notifications/message` log lines and other notifications, in a
 * bounded ring buffer (kept across reconnects of the same toolbox), with listeners for the window's live panel.
 */
export class ServerLog {
  private readonly entries: McpLogEntry[] = [];
  private readonly listeners = new Set<(entry: McpLogEntry) => void>();
  private seq = 0;

  constructor(private readonly capacity = SERVER_LOG_CAPACITY) {}

  /** Adds a log message (level, logger) or another notification (method) as it came. */
  add(entry: {
    kind: McpLogEntry['kind'];
    method: string;
    level?: McpLogLevel | null;
    logger?: string | null;
    data?: unknown;
  }): McpLogEntry {
    const full: McpLogEntry = {
      seq: ++this.seq,
      at: Date.now(),
      kind: entry.kind,
      level: entry.level ?? null,
      logger: entry.logger ?? null,
      method: entry.method,
      data: bounded(entry.data),
    };
    this.entries.push(full);
    if (this.entries.length > this.capacity) this.entries.splice(0, this.entries.length - this.capacity);
    for (const listener of this.listeners) listener(full);
    return full;
  }

  /** The kept entries, oldest first. */
  list(): McpLogEntry[] {
    return [...this.entries];
  }

  onEntry(listener: (entry: McpLogEntry) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}

function bounded(data: unknown): unknown {
  if (data === undefined) return null;
  let text: string;
  try {
    text = JSON.stringify(data) ?? 'null';
  } catch {
    return String(data);
  }
  if (text.length <= MAX_DATA_CHARS) return data;
  return `${text.slice(0, MAX_DATA_CHARS)}… [${text.length.toLocaleString('en')} characters in all; cut]`;
}
