import type { ComponentType } from 'react';
import type { TraceEvent } from '../../../shared/domain/trace';

/**
 * The trace view the Tests screen shows a case's run in: the chat's, given by App (features do not import each
 * other), so a case's trace has the same rows and cards as a chat run.
 */
export type TraceView = ComponentType<{ events: TraceEvent[]; step?: { runId: string; seq: number } | null }>;
