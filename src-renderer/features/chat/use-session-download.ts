import { toErrorValue } from '../../lib/api-error';
import { saveFile } from '../../lib/save-file';
import { useApp } from '../../store/context';

/**
 * A download of a file main makes from the open session (its whole trace, its bundle): main reads the session file,
 * the window saves the text under the name main gives. Stored secret values main replaced are said in a toast; a
 * failure is a toast starting with `failure`.
 */
export function useSessionDownload(
  method: 'chat.exportTrace' | 'bundles.export',
  mimeType: string,
  failure: string,
): () => Promise<void> {
  const client = useApp((s) => s.client);
  const sessionId = useApp((s) => s.sessionId);
  const toast = useApp((s) => s.toast);
  return async () => {
    if (!sessionId) return;
    try {
      const { text, fileName, secretsRemoved } = await client.call(method, { sessionId });
      saveFile(text, mimeType, fileName);
      if (secretsRemoved > 0)
        toast(
          'info',
          `${fileName}: ${secretsRemoved === 1 ? 'a secret value was' : `${secretsRemoved} secret values were`} found in the trace and replaced by “[secret removed]”.`,
        );
    } catch (e) {
      toast('error', `${failure}: ${toErrorValue(e).message}`);
    }
  };
}
