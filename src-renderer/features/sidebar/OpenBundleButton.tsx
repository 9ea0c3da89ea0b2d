import { useRef } from 'react';
import { useApp } from '../../store/context';
import { toErrorValue } from '../../lib/api-error';

/**
 * "Open bundle…": reads a run bundle file; main validates it and adds its persona (nothing approved, so nothing it
 * names starts) and its trace as a read-only session, which opens in Chat.
 */
export function OpenBundleButton() {
  const client = useApp((s) => s.client);
  const toast = useApp((s) => s.toast);
  const loadPersonas = useApp((s) => s.loadPersonas);
  const selectPersona = useApp((s) => s.selectPersona);
  const loadSessions = useApp((s) => s.loadSessions);
  const openSession = useApp((s) => s.openSession);
  const setTab = useApp((s) => s.setTab);
  const ref = useRef<HTMLInputElement>(null);
  const onFile = async (files: FileList | null) => {
    const file = files?.[0];
    if (ref.current) ref.current.value = '';
    if (!file) return;
    try {
      const { personaId, sessionId, programs } = await client.call('bundles.open', {
        text: await file.text(),
        fileName: file.name,
      });
      await loadPersonas();
      await selectPersona(personaId);
      setTab('chat');
      await loadSessions();
      await openSession(sessionId);
      toast(
        'info',
        `Opened ${file.name}${programs.length ? `: its ${programs.length} program(s) start only once you approve them` : ''}.`,
      );
    } catch (e) {
      toast('error', `${file.name} cannot be opened: ${toErrorValue(e).message}`);
    }
  };
  return (
    <>
      <button data-testid="open-bundle" onClick={() => ref.current?.click()}>
        Open bundle…
      </button>
      <input
        ref={ref}
        type="file"
        accept=".json,application/json"
        hidden
        data-testid="open-bundle-file"
        onChange={(e) => void onFile(e.target.files)}
      />
    </>
  );
}
