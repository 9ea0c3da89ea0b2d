import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Validator } from '@cfworker/json-schema';
import { startScriptedOpenAIServer, type ScriptedServer } from '../testing/scripted-openai-server';
import { configSchemaOf } from '../plugins/descriptor';
import { BUILTIN_BRAINS, createBrain } from './index';

const BRAINS = Object.fromEntries(BUILTIN_BRAINS.map((b) => [b.id, { ...b, configSchema: configSchemaOf(b) }]));

let server: ScriptedServer;
beforeAll(async () => {
  server = await startScriptedOpenAIServer({ replies: [{ content: 'hello from the catalog brain' }] });
});
afterAll(() => server.close());

describe('BRAINS catalog', () => {
  it('offers the OpenAI-compatible brain (with provider addresses) and replay', () => {
    expect(Object.keys(BRAINS)).toEqual(['ovos-chat-openai-plugin', 'replay']);
    expect(BRAINS['ovos-chat-openai-plugin'].description).toContain('http://localhost:11434/v1');
    expect(BRAINS['ovos-chat-openai-plugin'].description).toContain('https://api.openai.com/v1');
  });

  it("the seed persona's brain block validates against the config schema and builds a working brain", async () => {
    const block = {
      model: 'qwen2.5',
      api_url: `${server.url}/chat/completions`,
      api_key: 'not-needed-for-local',
      _comment: 'kept',
    };
    expect(new Validator(BRAINS['ovos-chat-openai-plugin'].configSchema as never).validate(block).valid).toBe(true);
    const brain = createBrain('ovos-chat-openai-plugin', block);
    expect(brain).toMatchObject({ id: 'ovos-chat-openai-plugin', supportsTools: true, model: 'qwen2.5' });
    expect((await brain!.continueChat([{ role: 'user', content: 'hi' }])).content).toBe('hello from the catalog brain');
  });

  it('a bad config block is persona_invalid naming the field; unknown ids give null', () => {
    expect(() => createBrain('ovos-chat-openai-plugin', { model: 'm', timeout: 'soon' })).toThrow(
      /config block is invalid: timeout/,
    );
    expect(() => createBrain('replay', {})).toThrow(/session_file/);
    expect(createBrain('no-such-brain', {})).toBeNull();
  });
});
