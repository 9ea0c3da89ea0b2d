import { describe, expect, it } from 'vitest';
import { isSecretArgName, maskSecretArgs } from './mask-secret-args';

describe('maskSecretArgs', () => {
  it('knows secrets by their names, not by words that only contain one', () => {
    for (const name of ['password', 'api_key', 'apiKey', 'x-api-key', 'accessToken', 'client_secret', 'Authorization'])
      expect(isSecretArgName(name), name).toBe(true);
    for (const name of ['max_tokens', 'tokenizer', 'keyword', 'key', 'city', 'passage'])
      expect(isSecretArgName(name), name).toBe(false);
  });

  it('leaves out what the schema marks secret and secret names inside objects and lists, keeping the rest', () => {
    const schema = {
      type: 'object',
      properties: {
        pin: { type: 'integer', writeOnly: true },
        servers: { type: 'array', items: { type: 'object', properties: { url: { type: 'string' } } } },
      },
    };
    const out = maskSecretArgs(
      { pin: 1234, servers: [{ url: 'https://a', password: 'p1' }], max_tokens: 9, token: '' },
      schema,
    );
    expect(out.args).toEqual({ servers: [{ url: 'https://a' }], max_tokens: 9, token: '' });
    expect(out.masked).toEqual(['pin', 'servers.0.password']);
  });
});
