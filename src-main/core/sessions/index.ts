/**
 * Chat sessions: JSONL trace files, their summaries, and the history that continues a conversation. Readers use
 * `SessionStore.load` / `event` (whole events, requests rebuilt) and never the file format (session-codec.ts).
 */
export { SessionStore, parseSession, type SkippedLine, type LoadedSession, type LoadOptions } from './session-store';
export { historyFromEvents, summarize } from './session-summary';
export { newSessionId, assertSessionId, SESSION_ID_PATTERN } from './session-id';
