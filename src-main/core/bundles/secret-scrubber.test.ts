import { describe, expect, it } from 'vitest';
import { environmentSecrets, SECRET_REMOVED, SecretScrubber } from './secret-scrubber';

describe('SecretScrubber', () => {
  it('replaces a stored value in any string of a value, keys included, and counts each occurrence', () => {
    const scrub = new SecretScrubber(['sk-live-123456', 'ghp_abcdefghij']);
    const event = {
      type: 'tool_result',
      content: 'token=sk-live-123456; again sk-live-123456',
      result: { headers: [{ Authorization: 'Bearer ghp_abcdefghij' }], 'sk-live-123456': 1 },
      durationMs: 3,
    };
    expect(scrub.value(event)).toEqual({
      type: 'tool_result',
      content: `token=${SECRET_REMOVED}; again ${SECRET_REMOVED}`,
      result: { headers: [{ Authorization: `Bearer ${SECRET_REMOVED}` }], [SECRET_REMOVED]: 1 },
      durationMs: 3,
    });
    expect(scrub.removed).toBe(4);
    expect(event.content).toContain('sk-live-123456');
  });

  it('finds a value inside JSON text, where its quotes and backslashes are escaped', () => {
    const secret = 'pa"ss\\word-1';
    const scrub = new SecretScrubber([secret]);
    const content = JSON.stringify({ password: secret });
    expect(scrub.text(content)).toBe(`{"password":"${SECRET_REMOVED}"}`);
  });

  it('replaces the longer of two values that overlap whole, and leaves short values alone', () => {
    const scrub = new SecretScrubber(['abcdefgh', 'abcdefgh-longer', 'short']);
    expect(scrub.text('abcdefgh-longer and abcdefgh and short')).toBe(
      `${SECRET_REMOVED} and ${SECRET_REMOVED} and short`,
    );
  });

  it('returns the same objects when nothing matches', () => {
    const scrub = new SecretScrubber(['sk-live-123456']);
    const value = { a: [1, { b: 'nothing here' }], c: null };
    expect(scrub.value(value)).toBe(value);
    expect(scrub.removed).toBe(0);
  });
});

describe('environmentSecrets', () => {
  it('takes the values of variables named as secrets, not the places of secrets, short values or others', () => {
    const env = {
      OPENAI_API_KEY: 'sk-env-0123456789',
      GITHUB_TOKEN: 'ghp_envtoken0001',
      db_password: 'hunter2-hunter2',
      AWS_SECRET_ACCESS_KEY: 'wJalrXUtnFEMI/K7MDENG',
      SSH_AUTH_SOCK: '/tmp/ssh-abc/agent.123',
      XAUTHORITY: '/run/user/1000/.Xauthority',
      GOOGLE_APPLICATION_CREDENTIALS_FILE: '/home/me/creds.json',
      SHORT_TOKEN: 'abc',
      EMPTY_KEY: '',
      HOME: '/home/someone-long',
      PATH: '/usr/local/bin:/usr/bin',
    };
    expect(environmentSecrets(env).sort()).toEqual(
      ['sk-env-0123456789', 'ghp_envtoken0001', 'hunter2-hunter2', 'wJalrXUtnFEMI/K7MDENG'].sort(),
    );
  });
});
