import { randomBytes } from 'node:crypto';
import { StudioError } from '../errors';

/** Session ids are file names (`sessions/<id>.jsonl`): letters, digits, `_ . -`, not starting with a dot. */
export const SESSION_ID_PATTERN = /^[a-zA-Z0-9][a-zA-Z0-9_.-]{0,127}$/;

/** A new sortable session id: `s-20261130-141002-1a2b3c`. */
export function newSessionId(now = new Date()): string {
  const stamp = now.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  return `s-${stamp}-${randomBytes(3).toString('hex')}`;
}

/** Throws `bad_input` for an id that is not a safe file name. */
export function assertSessionId(sessionId: string): void {
  if (!SESSION_ID_PATTERN.test(sessionId) || sessionId.includes('..')) {
    throw new StudioError(
      'bad_input',
      `'${sessionId}' is not a valid session id: use letters, digits, _ . - (at most 128, no '..').`,
    );
  }
}
