import { OPENAI_PRESETS, OpenAIBrainConfig } from '../../../../shared/plugins/brains/openai';
import { defineBrain } from '../brain-descriptor';
import { OPENAI_BRAIN_ID, OpenAIBrain } from './openai-brain';
import { probeBrain } from './probe';

/** The OpenAI-compatible brain (`ovos-chat-openai-plugin`): streamed on the `openai` client, one-shot on node:http, its errors, its probe. */
export { OpenAIBrain, normalizeApiUrl, OPENAI_BRAIN_ID } from './openai-brain';
export { probeBrain } from './probe';
export { completionToMessage } from './openai-completion';

const presetsText = OPENAI_PRESETS.map((p) => `${p.title} ${p.api_url}`).join('; ');

/** The `ovos-chat-openai-plugin` plugin; its probe lists the server's models (`GET /models`). */
export const openAIBrain = defineBrain({
  id: OPENAI_BRAIN_ID,
  title: 'OpenAI-compatible',
  description: `Any server speaking OpenAI chat completions, streaming and tool calls included. Addresses: ${presetsText}. No silent retries: refused connections, bad keys, unknown models, rate limits and timeouts show up as errors with the server's own message.`,
  config: OpenAIBrainConfig,
  create: (config) => new OpenAIBrain(config),
  probe: (input, options) => probeBrain(input, options),
});
