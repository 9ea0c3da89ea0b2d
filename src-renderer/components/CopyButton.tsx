import { useState } from 'react';

/** Copies text to the clipboard and says so. */
export function CopyButton({
  text,
  label = 'Copy',
  className = 'small',
}: {
  text: string;
  label?: string;
  className?: string;
}) {
  const [done, setDone] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
    } catch {
      const ta = document.createElement('textarea');
      ta.value = text;
      document.body.appendChild(ta);
      ta.select();
      document.execCommand('copy');
      ta.remove();
    }
    setDone(true);
    setTimeout(() => setDone(false), 1500);
  };
  return (
    <button type="button" className={`${className} copy`} onClick={copy} aria-label={label}>
      {done ? 'Copied' : label}
    </button>
  );
}
