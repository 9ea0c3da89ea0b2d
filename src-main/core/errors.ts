import type { ErrorCode, ErrorValue } from '../../shared/domain/errors';

/** Base of every error main raises on purpose: a stable code, a message, details for the UI. */
export class StudioError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: unknown,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = new.target.name;
  }

  /** The error as it crosses the API. */
  toValue(): ErrorValue {
    return this.details === undefined
      ? { code: this.code, message: this.message }
      : { code: this.code, message: this.message, details: this.details };
  }
}

/** Any thrown value as an error value; unknown errors become `internal` with their message. */
export function toErrorValue(error: unknown): ErrorValue {
  if (error instanceof StudioError) return error.toValue();
  if (error instanceof Error && error.name === 'AbortError') return { code: 'cancelled', message: 'Cancelled.' };
  const message = error instanceof Error ? error.message : String(error);
  return { code: 'internal', message };
}

/** Raised when a run or call is cancelled through its AbortSignal. */
export class CancelledError extends StudioError {
  constructor(message = 'Cancelled.') {
    super('cancelled', message);
  }
}
