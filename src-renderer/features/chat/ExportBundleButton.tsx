import { useApp } from '../../store/context';
import { toErrorValue } from '../../lib/api-error';
import { saveFile } from '../../lib/save-file';

/** "Export bundle": the open session as one JSON file (persona as it ran without secrets, tools, whole trace). */
export function ExportBundleButton() {
  const client = useApp((s) => s.client);
  const sessionId = useApp((s) => s.sessionId);
  const known = useApp((s) => s.sessions.some((x) => x.sessionId === s.sessionId));
  const toast = useApp((s) => s.toast);
  const exportBundle = async () => {
    if (!sessionId) return;
    try {
      const { text, fileName } = await client.call('bundles.export', { sessionId });
      saveFile(text, 'application/json', fileName);
    } catch (e) {
      toast('error', `The bundle could not be made: ${toErrorValue(e).message}`);
    }
  };
  return (
    <button
      className="small ghost"
      data-testid="export-bundle"
      onClick={() => void exportBundle()}
      disabled={!sessionId || !known}
      title="Download this run as one file: the persona as it ran (secrets removed), the tools' schemas, the whole trace with raw provider exchanges and tool results"
    >
      Export bundle
    </button>
  );
}
