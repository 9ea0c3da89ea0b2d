import { useApp } from '../../store/context';
import { useSessionDownload } from './use-session-download';

/** "Export bundle": the open session as one JSON file (persona as it ran without secrets, tools, whole trace). */
export function ExportBundleButton() {
  const sessionId = useApp((s) => s.sessionId);
  const known = useApp((s) => s.sessions.some((x) => x.sessionId === s.sessionId));
  const exportBundle = useSessionDownload('bundles.export', 'application/json', 'The bundle could not be made');
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
