import { useEffect, useRef, useState } from 'react';
import type { TraceEvent } from '../../../shared/domain/trace';
import { useApp } from '../../store/context';

type Assistant = Extract<TraceEvent, { type: 'assistant_message' }>;

/** Where the request of an open raw exchange is: here, on its way, or not loaded (the error was shown). */
export type WholeRequest = 'here' | 'loading' | 'failed';

/**
 * A window gets assistant events without their request (`requestChars` says so): once the raw exchange is open,
 * the whole event is fetched from the session file and takes the place of the one shown. `retry` after a failure.
 */
export function useWholeRequest(event: Assistant, open: boolean): { state: WholeRequest; retry(): void } {
  const load = useApp((s) => s.loadFullEvent);
  const deferred = event.requestChars !== undefined;
  const [failed, setFailed] = useState(false);
  // The event a load is under way for (one at a time, none again for the same event until it ends).
  const loading = useRef<Assistant | null>(null);
  useEffect(() => {
    if (!open || !deferred || failed || loading.current === event) return;
    loading.current = event;
    void load(event).then((replaced) => {
      loading.current = null;
      if (!replaced) setFailed(true);
    });
  }, [open, deferred, failed, event, load]);
  return {
    state: !deferred ? 'here' : failed ? 'failed' : 'loading',
    retry: () => setFailed(false),
  };
}
