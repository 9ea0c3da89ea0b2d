import { useMemo, useState } from 'react';
import { CopyButton } from '../CopyButton';
import { plural } from '../../lib/plural';
import { JsonTree } from './JsonTree';
import { formatBytes, textBytes } from './result-blocks';

/** Texts longer than this (lines or characters) start folded to their first lines. */
const LONG_LINES = 24;
const LONG_CHARS = 4000;
/** Longest text tried as JSON (parsing a huge text on every render would stall the window). */
const MAX_JSON_TEXT = 2_000_000;

/** The text as JSON when it is an object or array, else undefined. */
function asJson(text: string): unknown {
  const t = text.trim();
  if (t.length > MAX_JSON_TEXT || !/^[[{]/.test(t)) return undefined;
  try {
    return JSON.parse(t) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * A text block: JSON (an object or array) as a folding tree, other text as it is (newlines kept); a long text
 * starts folded to its first lines and says its size.
 */
export function TextBlock({ text, testId = 'result-text' }: { text: string; testId?: string }) {
  const json = useMemo(() => asJson(text), [text]);
  const lines = useMemo(() => text.split('\n'), [text]);
  const long = lines.length > LONG_LINES || text.length > LONG_CHARS;
  const [expanded, setExpanded] = useState(false);
  const size = long || json !== undefined ? `${plural(lines.length, 'line')} · ${formatBytes(textBytes(text))}` : null;
  if (json !== undefined)
    return (
      <div className="result-block" data-testid={testId} data-kind="json">
        <div className="result-meta small muted">
          <span className="badge">JSON</span> {size}
          <span className="spacer" />
          <CopyButton text={text} />
        </div>
        <JsonTree value={json} />
      </div>
    );
  const shown = long && !expanded ? head(lines, text) : text;
  return (
    <div className="result-block" data-testid={testId} data-kind="text">
      {long && (
        <div className="result-meta small muted">
          <span data-testid="text-size">{size}</span>
          <span className="spacer" />
          <CopyButton text={text} />
        </div>
      )}
      <pre className="result-text">{shown}</pre>
      {long && (
        <button type="button" className="small ghost" aria-expanded={expanded} onClick={() => setExpanded(!expanded)}>
          {expanded ? 'Show less' : `Show all (${size})`}
        </button>
      )}
    </div>
  );
}

function head(lines: string[], text: string): string {
  const first = lines.slice(0, LONG_LINES).join('\n');
  return `${first.length > LONG_CHARS ? text.slice(0, LONG_CHARS) : first}…`;
}
