import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { OpenAIBrainConfig } from '../../../../shared/plugins/brains/openai';
import { startScriptedOpenAIServer, type ScriptedServer } from '../../testing/scripted-openai-server';
import { createBrainFrom } from '../brain-descriptor';
import { openAIBrain } from './index';

let server: ScriptedServer;
beforeAll(async () => {
  server = await startScriptedOpenAIServer({ apiKey: 'sk-ovos' });
});
afterAll(() => server.close());
beforeEach(() => server.reset());

/** A brain block as OVOS persona files write it (ovos-agentic-loop's examples, ovos-openai-plugin's docs). */
const ovosBlock = () => ({
  model: 'llama3',
  api_url: `${server.url}/chat/completions`,
  api_key: 'sk-ovos',
  temperature: 0.3,
  max_tokens: 512,
  top_p: 0.2,
  frequency_penalty: 0.5,
  presence_penalty: -0.5,
  stop_token: ['Observation:'],
  extra_params: { reasoning_effort: 'low', top_p: null },
  system_prompt: 'You are the brain.',
  timeout: 5,
  _comment: 'kept, never sent',
});

describe("the OpenAI brain's OVOS config keys reach the request", () => {
  it('sampling keys, max_tokens, stop_token as stop, extra_params (null removes), api_key as the Bearer token', async () => {
    server.push({ content: 'a' }, { content: 'b' });
    const brain = createBrainFrom(openAIBrain, ovosBlock());
    await brain.continueChat([{ role: 'user', content: 'hi' }]);
    const gen = brain.streamChat([{ role: 'user', content: 'hi' }]);
    while (!(await gen.next()).done);
    for (const request of server.chatRequests) {
      expect(request.headers.authorization).toBe('Bearer sk-ovos');
      expect(request.body).toMatchObject({
        model: 'llama3',
        temperature: 0.3,
        max_tokens: 512,
        frequency_penalty: 0.5,
        presence_penalty: -0.5,
        stop: ['Observation:'],
        reasoning_effort: 'low',
        messages: [
          { role: 'system', content: 'You are the brain.' },
          { role: 'user', content: 'hi' },
        ],
      });
      expect('top_p' in request.body).toBe(false);
      expect('_comment' in request.body).toBe(false);
    }
    expect(server.chatRequests.map((r) => r.body.stream ?? false)).toEqual([false, true]);
  });

  it("max_tokens -1 (OVOS's 'no limit') is left out; the persona's own system prompt wins over the brain's", async () => {
    server.push({ content: 'a' });
    const brain = createBrainFrom(openAIBrain, { ...ovosBlock(), max_tokens: -1, top_p: 0.9, extra_params: {} });
    await brain.continueChat([
      { role: 'system', content: 'The persona prompt.' },
      { role: 'user', content: 'hi' },
    ]);
    const body = server.chatRequests[0].body;
    expect('max_tokens' in body).toBe(false);
    expect(body.top_p).toBe(0.9);
    expect(body.messages[0]).toEqual({ role: 'system', content: 'The persona prompt.' });
  });

  it('every key of OVOS persona files (ovos-openai-plugin, ovos-agentic-loop) is sent here or listed as ignored', () => {
    const ovosKeys = [
      ...['api_url', 'key', 'api_key', 'model', 'system_prompt', 'allow_system_prompts', 'timeout'],
      ...['max_tokens', 'temperature', 'top_p', 'frequency_penalty', 'presence_penalty', 'stop_token', 'extra_params'],
    ];
    const sentHere = Object.keys(ovosBlock());
    const ignored = ['key', 'allow_system_prompts']; // the README says why ("Brains and loop engines")
    expect(ovosKeys.filter((k) => !sentHere.includes(k) && !ignored.includes(k))).toEqual([]);
    for (const key of ovosKeys.filter((k) => !ignored.includes(k))) expect(OpenAIBrainConfig.shape).toHaveProperty(key);
    for (const key of ignored) expect(OpenAIBrainConfig.shape).not.toHaveProperty(key);
  });
});
