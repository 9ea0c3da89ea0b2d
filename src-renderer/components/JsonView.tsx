import { CopyButton } from './CopyButton';

/** Pretty JSON, or the text itself when it is a string. */
export function formatJson(value: unknown): string {
  if (typeof value === 'string') return value;
  try {
    return JSON.stringify(value, null, 2) ?? 'undefined';
  } catch {
    return String(value);
  }
}

/** Read-only pretty JSON with a copy button; `compact` keeps short values on one line. */
export function JsonView({
  value,
  testId,
  copy = true,
  compact = false,
}: {
  value: unknown;
  testId?: string;
  copy?: boolean;
  compact?: boolean;
}) {
  const oneLine = compact && typeof value !== 'string' ? JSON.stringify(value) : undefined;
  const text = oneLine !== undefined && oneLine.length <= 72 ? oneLine : formatJson(value);
  return (
    <div className="json-view">
      <pre className="json" data-testid={testId}>
        {text}
      </pre>
      {copy && <CopyButton text={text} />}
    </div>
  );
}
