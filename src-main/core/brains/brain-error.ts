import { StudioError } from '../errors';

/** A brain call that failed: `brain_unreachable` (no answer) or `brain_bad_response` (an answer we cannot use). */
export class BrainError extends StudioError {
  constructor(
    code: 'brain_unreachable' | 'brain_bad_response',
    message: string,
    details?: { status?: number; providerMessage?: string; url?: string; providerCode?: string; body?: string },
    options?: { cause?: unknown },
  ) {
    super(code, message, details, options);
  }
}
