import { useEffect, useRef, useState } from 'react';
import type { ErrorValue } from '../../../../shared/domain/errors';
import type { ApiClient } from '../../../../shared/ipc/client';
import { toErrorValue } from '../../../lib/api-error';
import { useApp } from '../../../store/context';

/**
 * Loads what a server's panel lists (resources, prompts) for `key` (the toolbox), again on reload; the error kept
 * whole. `load` is read at each load, so it may be an inline function.
 */
export function useMcpList<T>(key: string, load: (client: ApiClient, personaId: string | undefined) => Promise<T>) {
  const client = useApp((s) => s.client);
  const personaId = useApp((s) => s.selectedId ?? undefined);
  const loader = useRef(load);
  useEffect(() => {
    loader.current = load;
  });
  const [round, setRound] = useState(0);
  const [state, setState] = useState<{ data: T | null; error: ErrorValue | null; loading: boolean }>({
    data: null,
    error: null,
    loading: true,
  });
  useEffect(() => {
    let live = true;
    loader.current(client, personaId).then(
      (data) => live && setState({ data, error: null, loading: false }),
      (e) => live && setState((s) => ({ ...s, error: toErrorValue(e), loading: false })),
    );
    return () => {
      live = false;
    };
  }, [client, personaId, key, round]);
  return {
    ...state,
    reload: () => {
      setState((s) => ({ ...s, loading: true }));
      setRound((r) => r + 1);
    },
  };
}
