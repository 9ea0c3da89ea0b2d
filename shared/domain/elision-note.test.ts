import { describe, expect, it } from 'vitest';
import { elisionNote, isElisionNote } from './elision-note';

describe('the elision note', () => {
  it('is recognized as written, and nothing else is', () => {
    expect(isElisionNote(elisionNote(253_006))).toBe(true);
    expect(elisionNote(253_006)).toBe('[253,006 characters: too large to send at once; load the full event]');
    expect(isElisionNote('[253,006 characters: too large to send at once; load the full event] and more')).toBe(false);
    expect(isElisionNote({ elided: elisionNote(3) })).toBe(false);
  });
});
