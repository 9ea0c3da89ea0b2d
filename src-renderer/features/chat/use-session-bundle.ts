import { useEffect, useState } from 'react';
import type { MethodOutput } from '../../../shared/ipc/contract';
import { useApp } from '../../store/context';

export type SessionBundle = NonNullable<MethodOutput<'bundles.ofSession'>['bundle']>;

/** The bundle the open session came from; null for a session of this app (or none open). */
export function useSessionBundle(): SessionBundle | null {
  const client = useApp((s) => s.client);
  const sessionId = useApp((s) => s.sessionId);
  const [found, setFound] = useState<{ sessionId: string; bundle: SessionBundle | null } | null>(null);
  useEffect(() => {
    if (!sessionId) return;
    let live = true;
    client
      .call('bundles.ofSession', { sessionId })
      .then(({ bundle }) => live && setFound({ sessionId, bundle }))
      .catch(() => live && setFound({ sessionId, bundle: null }));
    return () => {
      live = false;
    };
  }, [client, sessionId]);
  return found && found.sessionId === sessionId ? found.bundle : null;
}
