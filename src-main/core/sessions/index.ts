/** Chat sessions: JSONL trace files, their summaries, and the history that continues a conversation. */
export { SessionStore, parseSession, type SkippedLine } from './session-store';
export { historyFromEvents, summarize } from './session-summary';
export { newSessionId, assertSessionId, SESSION_ID_PATTERN } from './session-id';
