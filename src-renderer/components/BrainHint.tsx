import type { ErrorValue } from '../../shared/domain/errors';
import { unreachableHint } from '../lib/providers';

/** Under a brain error: the URL tried and what to do, unless main's message already says both. */
export function BrainHint({ error, url, onSettings }: { error: ErrorValue; url: string; onSettings?: () => void }) {
  const said = !!url && error.message.includes(url);
  return (
    <div className="small" style={{ marginTop: 6 }}>
      {!said && url && (
        <>
          Tried <code>{url}</code>. {unreachableHint(url)}{' '}
        </>
      )}
      {onSettings && (
        <button className="link" onClick={onSettings}>
          Open the brain settings
        </button>
      )}
    </div>
  );
}
