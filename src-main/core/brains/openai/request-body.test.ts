import { describe, expect, it } from 'vitest';
import type { AgentMessage } from '../../../../shared/domain/message';
import { toWireMessage } from './openai-wire';
import { RequestSerializer } from './request-body';

const requestOf = (params: Record<string, unknown>, sent: AgentMessage[], extra: Record<string, unknown> = {}) => ({
  ...params,
  messages: sent.map(toWireMessage),
  ...extra,
});

describe('RequestSerializer', () => {
  it('writes JSON.stringify(request) byte for byte as a conversation grows, whatever the fields hold', () => {
    const serializer = new RequestSerializer();
    const params = {
      model: 'm',
      2: 'numeric key first',
      temperature: 0.5,
      skipped: undefined,
      extra: { a: [1, null] },
    };
    const tools = [{ type: 'function', function: { name: 'add', parameters: { type: 'object' } } }];
    const conversation: AgentMessage[] = [
      { role: 'system', content: 'Be "brief" \\ 世界' },
      { role: 'user', content: 'hi\nthere', images: [{ mimeType: 'image/png', data: 'AAAA', label: 'a.png' }] },
    ];
    for (let turn = 0; turn < 4; turn++) {
      const request = requestOf(params, conversation, { tools, stream: true, stream_options: { include_usage: true } });
      expect(serializer.body(request, conversation).toString('utf8')).toBe(JSON.stringify(request));
      conversation.push(
        { role: 'assistant', content: '', toolCalls: [{ id: `c${turn}`, name: 'add', arguments: { a: turn } }] },
        { role: 'tool', content: `{"result":${turn}}${'x'.repeat(1000)}`, toolCallId: `c${turn}`, name: 'add' },
      );
    }
  });

  it('never sends a kept JSON for a message changed in place since the last request', () => {
    const serializer = new RequestSerializer();
    const call = { id: 'c1', name: 'add', arguments: { a: 1 } as Record<string, unknown> };
    const tool: AgentMessage = { role: 'tool', content: 'first result', toolCallId: 'c1', name: 'add' };
    const user: AgentMessage = { role: 'user', content: 'go' };
    const sent: AgentMessage[] = [user, { role: 'assistant', content: '', toolCalls: [call] }, tool];
    const body = () => serializer.body(requestOf({ model: 'm' }, sent), sent).toString('utf8');
    const expected = () => JSON.stringify(requestOf({ model: 'm' }, sent));
    const edits: Array<[() => void, string]> = [
      [() => undefined, 'first result'],
      [() => (tool.content = 'an edited result'), 'an edited result'],
      [() => (tool.name = 'renamed'), '"renamed"'],
      [() => (tool.toolCallId = 'c9'), '"c9"'],
      [() => (call.arguments.a = 2), '{\\"a\\":2}'],
      [() => (user.images = [{ mimeType: 'image/png', data: 'BBBB' }]), 'BBBB'],
    ];
    for (const [edit, shows] of edits) {
      edit();
      const text = body();
      expect(text).toBe(expected());
      expect(text).toContain(shows);
    }
  });
});
