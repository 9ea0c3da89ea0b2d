import { useEffect, useState } from 'react';
import type { ErrorValue } from '../../../shared/domain/errors';
import { useApp } from '../../store/context';
import { brainBlockOf, brainIdOf, type PersonaDraft } from '../../lib/persona-model';
import { BrainHint } from '../../components/BrainHint';
import { toErrorValue } from '../../lib/api-error';
import { ErrorNotice } from '../../components/ErrorNotice';

type Status = { key: string; ok: true; latencyMs: number } | { key: string; ok: false; error: ErrorValue };

/** Before the first message: is the saved persona's brain answering? If not, which URL was tried and what to do. */
export function BrainStatus() {
  const client = useApp((s) => s.client);
  const record = useApp((s) => s.record);
  const setTab = useApp((s) => s.setTab);
  const persona = record?.persona as PersonaDraft | undefined;
  const url =
    persona && brainIdOf(persona) === 'ovos-chat-openai-plugin' ? String(brainBlockOf(persona).api_url ?? '') : '';
  const model = persona ? String(brainBlockOf(persona).model ?? '') : '';
  const key = `${record?.id}|${url}|${model}`;
  const [status, setStatus] = useState<Status | null>(null);

  useEffect(() => {
    if (!record || !url) return;
    let live = true;
    client
      .call('brains.test', { api_url: url, model: model || undefined, personaId: record.id })
      .then(
        (r) =>
          live &&
          setStatus(r.ok || !r.error ? { key, ok: true, latencyMs: r.latencyMs } : { key, ok: false, error: r.error }),
      )
      .catch((e) => live && setStatus({ key, ok: false, error: toErrorValue(e) }));
    return () => {
      live = false;
    };
  }, [client, record, url, model, key]);

  if (!url) return null;
  const current = status?.key === key ? status : null;
  if (!current)
    return (
      <p className="small muted" data-testid="brain-status">
        Checking the brain at <code>{url}</code>…
      </p>
    );
  if (current.ok)
    return (
      <p className="small muted" data-testid="brain-status">
        <span className="badge ok">brain ready</span> {model || 'default model'} at <code>{url}</code> answered in{' '}
        {Math.round(current.latencyMs)} ms.
      </p>
    );
  return (
    <div data-testid="brain-status" style={{ textAlign: 'left', width: '100%' }}>
      <ErrorNotice error={current.error}>
        <BrainHint error={current.error} url={url} onSettings={() => setTab('editor')} />
      </ErrorNotice>
    </div>
  );
}
