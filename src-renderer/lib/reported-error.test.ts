import { describe, expect, it } from 'vitest';
import { reportedError } from './reported-error';

describe('reportedError', () => {
  it('finds the OVOS error field and the MCP is_error flag', () => {
    expect(reportedError({ result: null, expression: '1 +* 2', error: 'Value expected (char 4)' })).toBe(
      'Value expected (char 4)',
    );
    expect(reportedError({ content: 'Refused: quota', is_error: true, structured: null })).toBe('Refused: quota');
    expect(reportedError({ content: '', is_error: true })).toMatch(/is_error/);
  });

  it('says nothing for results without an error', () => {
    expect(reportedError({ result: 108, error: null })).toBeNull();
    expect(reportedError({ content: 'ok', is_error: false })).toBeNull();
    expect(reportedError({ error: '' })).toBeNull();
    expect(reportedError('error')).toBeNull();
    expect(reportedError([{ error: 'x' }])).toBeNull();
    expect(reportedError(null)).toBeNull();
  });
});
