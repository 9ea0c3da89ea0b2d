import { ErrorNotice } from '../../components/ErrorNotice';
import { Modal } from '../../components/Modal';
import { useApp, useAppStoreApi } from '../../store/context';

import { saveFile } from '../../lib/save-file';

/** Saves JSON text as a file through the browser's own download (its save dialog or downloads folder). */
const download = (text: string, name: string) => saveFile(text, 'application/json', name);

/**
 * Export: with or without the persona's secrets (a warning when with), then where: the system's save dialog on the
 * desktop; in browser mode the data folder's exports/ or a browser download. Replacing an earlier export asks first.
 */
export function ExportDialog() {
  const req = useApp((s) => s.exportRequest);
  const store = useAppStoreApi();
  if (!req) return null;
  const s = () => store.getState();
  const file = `${req.personaId}.json`;
  const close = () => s().closeExport();
  const toDownload = async () => {
    const text = await s().exportTo('download');
    if (text !== null) download(text, file);
  };
  return (
    <Modal
      title={`Export “${req.personaName}”`}
      onClose={close}
      testId="export-dialog"
      actions={
        req.existingPath ? (
          <>
            <button data-autofocus onClick={() => s().setExportSecrets(req.withSecrets)}>
              Keep the old file
            </button>
            <button
              className="danger solid"
              onClick={() => void s().exportTo('file', true)}
              data-testid="export-replace"
            >
              Replace it
            </button>
          </>
        ) : (
          <>
            <button onClick={close}>Cancel</button>
            {req.mode === 'browser' && (
              <button onClick={() => void toDownload()} disabled={req.busy} data-testid="export-download">
                Download
              </button>
            )}
            <button
              className="primary"
              onClick={() => void s().exportTo('file')}
              disabled={req.busy || !req.mode}
              data-testid="export-save"
            >
              {req.mode === 'electron' ? 'Save as…' : 'Save to exports folder'}
            </button>
          </>
        )
      }
    >
      <p className="muted" style={{ margin: 0 }}>
        An OVOS persona file that OpenVoiceOS and this app can import.
      </p>
      <label className="check">
        <input
          type="checkbox"
          data-autofocus
          checked={req.withSecrets}
          onChange={(e) => s().setExportSecrets(e.target.checked)}
          data-testid="export-with-secrets"
        />{' '}
        Include secrets{' '}
        {req.secretCount ? `(${req.secretCount} stored: API keys, headers, env values)` : '(none stored)'}
      </label>
      {req.withSecrets && (
        <p className="notice warn" role="alert" data-testid="export-secrets-warning">
          The file will hold your secrets in plain text. Anyone who gets it can use your API keys and tokens: do not
          share it or commit it.
        </p>
      )}
      {req.mode === 'browser' && req.dataDir && (
        <p className="small muted" style={{ margin: 0 }}>
          “Save” writes <code className="wrap">{`${req.dataDir}/exports/${file}`}</code>; “Download” lets the browser
          save it.
        </p>
      )}
      {req.existingPath && (
        <p className="notice warn" data-testid="export-exists">
          <code className="wrap">{req.existingPath}</code> exists already (an earlier export). Replace it?
        </p>
      )}
      {req.error && <ErrorNotice error={req.error} />}
    </Modal>
  );
}
