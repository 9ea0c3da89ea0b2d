import { describe, expect, it } from 'vitest';
import { issuesText } from './issues';

describe('issuesText', () => {
  it('joins each issue as path: message, naming a top-level issue by its root', () => {
    const issues = [
      { path: [], message: 'Required' },
      { path: ['items', 0, 'name'], message: 'Too long' },
    ];
    expect(issuesText(issues, 'config')).toBe('config: Required; items.0.name: Too long');
    expect(issuesText(issues)).toBe(': Required; items.0.name: Too long');
  });
});
