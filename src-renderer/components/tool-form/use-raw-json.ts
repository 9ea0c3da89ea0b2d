import { useState } from 'react';

/** The raw-JSON side of a tool form: text kept apart from the parsed value, so a typo never sends stale args. */
export function useRawJson(formData: unknown, setFormData: (v: Record<string, unknown>) => void) {
  const [raw, setRaw] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const open = raw !== null;
  return {
    open,
    text: raw ?? '',
    error,
    toggle() {
      if (open) {
        if (error) return;
        setRaw(null);
      } else {
        setRaw(JSON.stringify(formData ?? {}, null, 2));
        setError(null);
      }
    },
    edit(text: string) {
      setRaw(text);
      try {
        const v = JSON.parse(text);
        if (!v || typeof v !== 'object' || Array.isArray(v))
          throw new Error('Arguments must be a JSON object, like {"a": 1}.');
        setError(null);
        setFormData(v);
      } catch (e) {
        setError(e instanceof Error ? e.message : String(e));
      }
    },
    /** Replaces the text when the args change from outside (history, a traced call). */
    reset(v: unknown) {
      if (open) setRaw(JSON.stringify(v ?? {}, null, 2));
      setError(null);
    },
  };
}
