import { describe, expect, it } from 'vitest';
import { promptText } from './mcp-slice';

describe('promptText', () => {
  it('keeps one role’s text as it is, and marks roles when they are mixed; other content is named', () => {
    expect(promptText([{ role: 'user', content: { type: 'text', text: 'Hello' } }])).toBe('Hello');
    expect(
      promptText([
        { role: 'user', content: { type: 'text', text: 'Q' } },
        { role: 'assistant', content: { type: 'text', text: 'A' } },
        { role: 'user', content: { type: 'image', mimeType: 'image/png', data: 'AAAA' } },
        { role: 'user', content: { type: 'resource', resource: { uri: 'demo://x', text: 'Doc text' } } },
      ]),
    ).toBe('user: Q\n\nassistant: A\n\nuser: [image image/png]\n\nuser: Doc text');
  });
});
