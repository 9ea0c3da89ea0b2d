import { useState } from 'react';
import { useApp } from '../../store/context';
import { toErrorValue } from '../../lib/api-error';

/**
 * The secret fields stored for one toolbox block (MCP headers and env values, UTCP variables, tokens): kept in the
 * secret store, so the form above leaves them out; shown masked, each with Reveal. Typing an entry of the same
 * name in the form replaces it.
 */
export function StoredSecrets({ blockId, engineId }: { blockId: string; engineId: string }) {
  const record = useApp((s) => s.record);
  const client = useApp((s) => s.client);
  const toast = useApp((s) => s.toast);
  const [shown, setShown] = useState<Record<string, string>>({});
  if (!record) return null;
  const prefixes = [`${engineId}.${blockId}.`, `${blockId}.`];
  const mine = record.secretsSet.flatMap((path) => {
    const prefix = prefixes.find((p) => path.startsWith(p));
    return prefix ? [{ path, field: path.slice(prefix.length) }] : [];
  });
  if (!mine.length) return null;
  const reveal = async (path: string) => {
    if (shown[path] !== undefined) return setShown(({ [path]: _, ...rest }) => rest);
    try {
      const { value } = await client.call('personas.revealSecret', { id: record.id, path });
      setShown((s) => ({ ...s, [path]: value }));
    } catch (e) {
      toast('error', `The secret could not be read: ${toErrorValue(e).message}`);
    }
  };
  return (
    <div className="stored-secrets" data-testid={`stored-secrets-${blockId}`}>
      <div className="small muted">
        Stored secrets (kept out of the persona file; an entry of the same name in the form replaces one):
      </div>
      <ul>
        {mine.map(({ path, field }) => (
          <li key={path}>
            <code>{field}</code> = <code className="wrap">{shown[path] ?? '••••••••'}</code>{' '}
            <button type="button" className="link small" onClick={() => void reveal(path)}>
              {shown[path] !== undefined ? 'Hide' : 'Reveal'}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
