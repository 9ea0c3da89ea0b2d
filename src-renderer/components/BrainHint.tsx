import type { ErrorValue } from '../../shared/domain/errors';
import { unreachableHint } from '../lib/providers';

/**
 * After "Open the brain settings" has switched to the Editor: the keyboard goes to the brain's URL field (what the
 * error is about), or the first field of the brain section, instead of staying on the page's body.
 */
function focusBrainSettings(tries = 10) {
  const target =
    document.getElementById('brain-url') ??
    document.getElementById('brain-h')?.closest('section')?.querySelector<HTMLElement>('input, select, textarea');
  if (target) target.focus();
  else if (tries > 0) requestAnimationFrame(() => focusBrainSettings(tries - 1));
}

/**
 * Under a brain error: the URL tried and what to do, unless main's message already says both. An error that names
 * the URL it tried (`details.url`) is not given the persona's URL now, which may have changed since.
 */
export function BrainHint({ error, url, onSettings }: { error: ErrorValue; url: string; onSettings?: () => void }) {
  const tried = (error.details as { url?: unknown } | undefined)?.url;
  const said = (typeof tried === 'string' && error.message.includes(tried)) || (!!url && error.message.includes(url));
  return (
    <div className="small" style={{ marginTop: 6 }}>
      {!said && url && (
        <>
          Tried <code>{url}</code>. {unreachableHint(url)}{' '}
        </>
      )}
      {onSettings && (
        <button
          className="link"
          onClick={() => {
            onSettings();
            requestAnimationFrame(() => focusBrainSettings());
          }}
        >
          Open the brain settings
        </button>
      )}
    </div>
  );
}
