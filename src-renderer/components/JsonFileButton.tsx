import { useRef } from 'react';

/**
 * A button that opens the file chooser for a JSON file and hands over the file picked; the chooser is cleared at
 * once, so picking the same file again works.
 */
export function JsonFileButton({
  label,
  testId,
  inputTestId,
  onFile,
}: {
  label: string;
  testId: string;
  inputTestId: string;
  onFile(file: File): Promise<unknown>;
}) {
  const ref = useRef<HTMLInputElement>(null);
  return (
    <>
      <button data-testid={testId} onClick={() => ref.current?.click()}>
        {label}
      </button>
      <input
        ref={ref}
        type="file"
        accept=".json,application/json"
        hidden
        data-testid={inputTestId}
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) void onFile(file);
        }}
      />
    </>
  );
}
