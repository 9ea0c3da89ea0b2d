import { useState } from 'react';
import { useApp } from '../../store/context';
import { toErrorValue } from '../../lib/api-error';
import { isDirty } from '../../store/personas-slice';
import { secretFieldLabel } from '../../lib/secret-field-label';

/**
 * The secret fields stored for one toolbox block (MCP headers and env values, UTCP variables, tokens): kept in the
 * secret store, so the form above leaves them out; shown masked, each with Reveal and Forget. Typing an entry of
 * the same name in the form replaces it.
 */
export function StoredSecrets({
  blockId,
  engineId,
  schema,
}: {
  blockId: string;
  engineId: string;
  /** The block's config schema: each secret is named as its form names the field. */
  schema?: unknown;
}) {
  const record = useApp((s) => s.record);
  const client = useApp((s) => s.client);
  const toast = useApp((s) => s.toast);
  const [shown, setShown] = useState<Record<string, string>>({});
  const loadPersonas = useApp((s) => s.loadPersonas);
  const selectPersona = useApp((s) => s.selectPersona);
  const dirty = useApp(isDirty);
  if (!record) return null;
  const prefixes = [`${engineId}.${blockId}.`, `${blockId}.`];
  const mine = record.secretsSet.flatMap((path) => {
    const prefix = prefixes.find((p) => path.startsWith(p));
    if (!prefix) return [];
    const field = path.slice(prefix.length);
    return [{ path, field, label: secretFieldLabel(schema, field) }];
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
  /** Saves the persona as it is on disk with one change to its secrets, then shows it again. */
  const saveSecrets = async (change: { rebindSecrets: string[] } | { forgetSecrets: string[] }, failed: string) => {
    try {
      await client.call('personas.save', { id: record.id, persona: record.persona, ...change });
      await loadPersonas();
      await selectPersona(record.id);
      return true;
    } catch (e) {
      toast('error', `${failed}: ${toErrorValue(e).message}`);
      return false;
    }
  };
  /** A secret held back since its block's URL changed: send it to the new address from now on. */
  const rebind = (path: string) => saveSecrets({ rebindSecrets: [path] }, 'The secret could not be kept');
  /** Removes a stored secret (a header or variable the form cannot clear, as it does not show it). */
  const forget = async (path: string, label: string) => {
    if (await saveSecrets({ forgetSecrets: [path] }, 'The secret could not be forgotten'))
      toast('info', `Forgot the stored ${label}.`);
  };
  return (
    <div className="stored-secrets" data-testid={`stored-secrets-${blockId}`}>
      <div className="small muted">
        Stored secrets (kept out of the persona file; an entry of the same name in the form replaces one):
      </div>
      <ul>
        {mine.map(({ path, field, label }) => (
          <li key={path}>
            <span className="secret-name" title={field}>
              {label}
            </span>{' '}
            = <code className="wrap">{shown[path] ?? '••••••••'}</code>{' '}
            <button type="button" className="link small" onClick={() => void reveal(path)}>
              {shown[path] !== undefined ? 'Hide' : 'Reveal'}
            </button>{' '}
            <button
              type="button"
              className="link small"
              onClick={() => void forget(path, label)}
              disabled={dirty}
              aria-label={`Forget ${label}`}
              title={dirty ? 'Save your changes first' : 'Remove it from the secret store'}
            >
              Forget
            </button>
            {record.secretsHeld.includes(path) && (
              <span className="small" data-testid="secret-held">
                {' '}
                <span className="badge warn">held back</span> saved for another address, so not sent to this one.{' '}
                {dirty ? (
                  'Save your changes first to keep it for this address.'
                ) : (
                  <button type="button" className="link small" onClick={() => void rebind(path)}>
                    Send it to this address
                  </button>
                )}
              </span>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
