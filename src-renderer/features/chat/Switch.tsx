/** A labelled on/off switch (a checkbox with the switch role, so screen readers and tests find it by its name). */
export function Switch({
  label,
  checked,
  onChange,
  title,
  testId,
}: {
  label: string;
  checked: boolean;
  onChange(on: boolean): void;
  title?: string;
  testId?: string;
}) {
  return (
    <label className="switch" title={title}>
      <input
        type="checkbox"
        role="switch"
        aria-checked={checked}
        checked={checked}
        data-testid={testId}
        onChange={(e) => onChange(e.target.checked)}
      />
      <span className="track" aria-hidden />
      <span>{label}</span>
    </label>
  );
}
