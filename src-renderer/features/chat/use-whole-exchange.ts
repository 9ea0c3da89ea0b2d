import { useEffect, useRef, useState } from 'react';
import type { TraceEvent } from '../../../shared/domain/trace';
import { useApp } from '../../store/context';

type Assistant = Extract<TraceEvent, { type: 'assistant_message' }>;

/** Where an open raw exchange's request and response are: here, on their way, or not loaded (and why). */
export type WholeExchange = { state: 'here' } | { state: 'loading' } | { state: 'failed'; error: string };

/**
 * A window gets assistant events without their raw exchange (`requestChars` says so): once the raw exchange is open,
 * the whole event is fetched from the session file and takes the place of the one shown. `retry` after a failure.
 */
export function useWholeExchange(event: Assistant, open: boolean): WholeExchange & { retry(): void } {
  const load = useApp((s) => s.loadFullEvent);
  const deferred = event.requestChars !== undefined;
  const [failed, setFailed] = useState<string | null>(null);
  // The event a load is under way for (one at a time, none again for the same event until it ends).
  const loading = useRef<Assistant | null>(null);
  useEffect(() => {
    if (!open || !deferred || failed !== null || loading.current === event) return;
    loading.current = event;
    void load(event).then((error) => {
      loading.current = null;
      if (error !== null) setFailed(error);
    });
  }, [open, deferred, failed, event, load]);
  const retry = () => setFailed(null);
  if (!deferred) return { state: 'here', retry };
  return failed !== null ? { state: 'failed', error: failed, retry } : { state: 'loading', retry };
}
