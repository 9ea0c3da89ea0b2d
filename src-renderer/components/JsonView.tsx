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

/** Read-only pretty JSON with a copy button. */
export function JsonView({ value, testId, copy = true }: { value: unknown; testId?: string; copy?: boolean }) {
  const text = formatJson(value);
  return (
    <div className="json-view">
      <pre className="json" data-testid={testId}>
        {text}
      </pre>
      {copy && <CopyButton text={text} />}
    </div>
  );
}
