import { useState } from 'react';
import type { ErrorValue } from '../../../../shared/domain/errors';
import { toErrorValue } from '../../../lib/api-error';

/**
 * One request of a server's panel at a time (get a prompt, read a resource): what it returned, or its error whole,
 * and which one is pending (`key`, so a list knows which of its buttons is busy).
 */
export function useMcpCall<T>() {
  const [result, setResult] = useState<T | null>(null);
  const [error, setError] = useState<ErrorValue | null>(null);
  const [pending, setPending] = useState<string | null>(null);
  const run = async (key: string, call: () => Promise<T>) => {
    setPending(key);
    setError(null);
    try {
      setResult(await call());
    } catch (e) {
      setResult(null);
      setError(toErrorValue(e));
    } finally {
      setPending(null);
    }
  };
  const clear = () => {
    setResult(null);
    setError(null);
  };
  return { result, error, pending, run, clear };
}
