import { useCallback, useEffect, useState } from 'react';
import type { ErrorValue } from '../../../shared/domain/errors';
import type { MethodInput } from '../../../shared/ipc/contract';
import { useApp } from '../../store/context';
import { toErrorValue } from '../../lib/api-error';

export type TestState =
  | { status: 'idle' }
  | { status: 'testing' }
  | { status: 'ok'; latencyMs: number; models: number }
  | { status: 'failed'; error: ErrorValue; url: string };

const NO_MODELS: string[] = [];

/** Test connection and the provider's model list, for the brain settings on screen. */
export function useBrainProbe(probe: MethodInput<'brains.test'>) {
  const client = useApp((s) => s.client);
  const key = JSON.stringify(probe);
  const [tested, setTested] = useState<{ key: string; state: TestState }>({ key, state: { status: 'idle' } });
  // The model list belongs to the server (and key) it came from: another persona or URL shows none until its own answers.
  const listKey = `${probe.api_url}|${probe.api_key ?? ''}|${probe.personaId ?? ''}`;
  const [listed, setListed] = useState<{ key: string; models: string[] }>({ key: '', models: [] });
  const models = listed.key === listKey ? listed.models : NO_MODELS;
  const setModels = (list: string[]) => setListed({ key: listKey, models: list });
  const test: TestState = tested.key === key ? tested.state : { status: 'idle' };
  const setTest = (state: TestState) => setTested({ key, state });

  useEffect(() => {
    if (!probe.api_url) return;
    let live = true;
    const t = setTimeout(() => {
      client
        .call('brains.models', probe)
        .then((r) => live && setModels(r.models))
        .catch(() => live && setModels([]));
    }, 400);
    return () => {
      live = false;
      clearTimeout(t);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [client, probe.api_url, probe.api_key, probe.personaId]);

  const run = useCallback(async () => {
    setTest({ status: 'testing' });
    try {
      const r = await client.call('brains.test', probe);
      if (r.models.length) setModels(r.models);
      setTest(
        r.ok || !r.error
          ? { status: 'ok', latencyMs: r.latencyMs, models: r.models.length }
          : { status: 'failed', error: r.error, url: probe.api_url },
      );
    } catch (e) {
      setTest({ status: 'failed', error: toErrorValue(e), url: probe.api_url });
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [client, key]);

  return { test, models, run };
}
