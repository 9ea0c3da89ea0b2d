/** The note main puts in place of a trace field too large to send to a window at once (its whole value is on disk). */
export function elisionNote(chars: number): string {
  return `[${chars.toLocaleString('en')} characters: too large to send at once; load the full event]`;
}

const NOTE = /^\[[\d,]+ characters: too large to send at once; load the full event\]$/;

/** Is this value such a note (a TOOL card then offers to load the whole event)? */
export function isElisionNote(value: unknown): value is string {
  return typeof value === 'string' && NOTE.test(value);
}
