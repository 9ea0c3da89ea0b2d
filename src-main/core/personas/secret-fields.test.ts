import { describe, expect, it } from 'vitest';
import { isSecretPath, mergeSecrets, ORIGIN_PREFIX, secretOrigin, splitSecrets } from './secret-fields';

const ENGINE = 'ovos-native-toolcall-loop';
const persona = () => ({
  name: 'P',
  handlers: [ENGINE],
  [ENGINE]: {
    brain: 'ovos-chat-openai-plugin',
    'ovos-chat-openai-plugin': { api_url: 'http://a.example:1/v1', api_key: 'sk-brain', model: 'm' },
    toolboxes: ['ovos-mcp-toolbox:files', 'ovos-mcp-toolbox:web'],
    'ovos-mcp-toolbox:files': { command: 'node', args: ['s.js'], env: { GITHUB_TOKEN: 'ghp-1', NODE_OPTIONS: '-r x' } },
    'ovos-mcp-toolbox:web': {
      transport: 'http',
      url: 'https://mcp.example/mcp',
      headers: { Authorization: 'Bearer t-1' },
    },
  },
  'ovos-utcp-toolbox': { utcp_config: { manual_call_templates: [], variables: { API_TOKEN: 'v-1' } } },
});

describe('secret fields', () => {
  it('takes api keys, MCP headers and env values and UTCP variables out of the persona', () => {
    const { persona: clean, set } = splitSecrets(persona());
    expect(Object.keys(set).sort()).toEqual([
      `${ENGINE}.ovos-chat-openai-plugin.api_key`,
      `${ENGINE}.ovos-mcp-toolbox:files.env.GITHUB_TOKEN`,
      `${ENGINE}.ovos-mcp-toolbox:files.env.NODE_OPTIONS`,
      `${ENGINE}.ovos-mcp-toolbox:web.headers.Authorization`,
      'ovos-utcp-toolbox.utcp_config.variables.API_TOKEN',
    ]);
    const text = JSON.stringify(clean);
    for (const secret of ['sk-brain', 'ghp-1', 't-1', 'v-1']) expect(text).not.toContain(secret);
    // The maps stay (empty) so the stored values have a place to go back to.
    expect(clean[ENGINE]).toMatchObject({
      'ovos-mcp-toolbox:files': { env: {} },
      'ovos-mcp-toolbox:web': { headers: {} },
    });
  });

  it('puts every value back where it was, an empty env value too', () => {
    const p = persona();
    (p[ENGINE]['ovos-mcp-toolbox:files'].env as Record<string, string>).EMPTY_ON_PURPOSE = '';
    const { persona: clean, set } = splitSecrets(p);
    expect(mergeSecrets(clean, set)).toEqual(p);
  });

  it('takes the headers of UTCP manuals (items of a list) out and puts them back in the same manual', () => {
    const utcp = {
      name: 'U',
      'ovos-utcp-toolbox': {
        utcp_config: {
          manual_call_templates: [
            { name: 'a', url: 'https://a.example/utcp' },
            { name: 'b', url: 'https://b.example/utcp', headers: { Authorization: 'Bearer utcp-1' } },
          ],
        },
      },
    };
    const { persona: clean, set } = splitSecrets(utcp);
    expect(set).toEqual({
      'ovos-utcp-toolbox.utcp_config.manual_call_templates.1.headers.Authorization': 'Bearer utcp-1',
    });
    expect(JSON.stringify(clean)).not.toContain('utcp-1');
    expect(mergeSecrets(clean, set)).toEqual(utcp);
  });

  it('only names declared slots: a header-like key elsewhere is not a secret', () => {
    expect(isSecretPath(['ovos-math-tools', 'headers', 'X'])).toBe(false);
    expect(isSecretPath(['e', 'ovos-mcp-toolbox', 'headers', 'X'])).toBe(true);
    expect(isSecretPath(['e', 'anything', 'token'])).toBe(true);
  });

  it('binds a key to its block URL origin and leaves it out when the URL points elsewhere', () => {
    const { persona: clean, set } = splitSecrets(persona());
    const keyPath = `${ENGINE}.ovos-chat-openai-plugin.api_key`;
    const headerPath = `${ENGINE}.ovos-mcp-toolbox:web.headers.Authorization`;
    expect(secretOrigin(clean, keyPath)).toBe('http://a.example:1');
    expect(secretOrigin(clean, headerPath)).toBe('https://mcp.example');
    expect(secretOrigin(clean, `${ENGINE}.ovos-mcp-toolbox:files.env.GITHUB_TOKEN`)).toBeNull();
    const stored = {
      ...set,
      [ORIGIN_PREFIX + keyPath]: 'http://a.example:1',
      [ORIGIN_PREFIX + headerPath]: 'https://mcp.example',
    };
    const moved = structuredClone(clean) as ReturnType<typeof persona>;
    moved[ENGINE]['ovos-chat-openai-plugin'].api_url = 'http://b.example:2/v1';
    moved[ENGINE]['ovos-mcp-toolbox:web'].url = 'https://evil.example/mcp';
    const merged = mergeSecrets(moved, stored);
    expect(merged[ENGINE]['ovos-chat-openai-plugin']).not.toHaveProperty('api_key');
    expect(merged[ENGINE]['ovos-mcp-toolbox:web'].headers).toEqual({});
    expect(merged[ENGINE]['ovos-mcp-toolbox:files'].env).toEqual({ GITHUB_TOKEN: 'ghp-1', NODE_OPTIONS: '-r x' });
  });
});
