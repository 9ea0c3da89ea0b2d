import { describe, expect, it } from 'vitest';
import { modKey } from './keys';

describe('modKey', () => {
  it('names ⌘ on a Mac and Ctrl elsewhere', () => {
    expect(modKey('MacIntel')).toBe('⌘');
    expect(modKey('Linux x86_64')).toBe('Ctrl');
    expect(modKey('Win32')).toBe('Ctrl');
  });
});
