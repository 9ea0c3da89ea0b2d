import { useApp } from '../../store/context';
import { toErrorValue } from '../../lib/api-error';
import { JsonFileButton } from '../../components/JsonFileButton';

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
  const onFile = async (file: File) => {
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
  return <JsonFileButton label="Open bundle…" testId="open-bundle" inputTestId="open-bundle-file" onFile={onFile} />;
}
