import { describe, expect, it } from 'vitest';
import type { AgentMessage } from '../../../../shared/domain/message';
import { toWireMessage } from './openai-wire';
import { WireMessages } from './wire-messages';

const conversation = (): AgentMessage[] => [
  { role: 'system', content: 'You add numbers.' },
  { role: 'user', content: 'Add 2 and 3.' },
  { role: 'assistant', content: '', toolCalls: [{ id: 'c1', name: 'add', arguments: { a: 2, b: 3 } }] },
  { role: 'tool', content: '{"result":5}', toolCallId: 'c1', name: 'add' },
];

describe('wire messages kept between requests', () => {
  it('gives what toWireMessage gives, and the same objects for the messages a request repeats', () => {
    const wire = new WireMessages();
    const messages = conversation();
    const first = wire.map(messages);
    expect(first).toEqual(messages.map(toWireMessage));
    const grown = [...messages, { role: 'assistant' as const, content: 'It is 5.' }];
    const second = wire.map(grown);
    expect(second).toEqual(grown.map(toWireMessage));
    second.slice(0, 4).forEach((m, i) => expect(m).toBe(first[i]));
  });

  it('maps a message anew when a field it came from changed in place, tool call arguments included', () => {
    const wire = new WireMessages();
    const messages = conversation();
    const first = wire.map(messages);
    messages[1].content = 'Add 2 and 4.';
    (messages[2].toolCalls![0].arguments as { b: number }).b = 4;
    messages[3].toolCallId = 'c2';
    const second = wire.map(messages);
    expect(second).toEqual(messages.map(toWireMessage));
    expect(second[1]).not.toBe(first[1]);
    expect((second[2].tool_calls as Array<{ function: { arguments: string } }>)[0].function.arguments).toBe(
      '{"a":2,"b":4}',
    );
    expect(second[3].tool_call_id).toBe('c2');
    expect(second[0]).toBe(first[0]);
  });

  it('keeps nothing for a message at another place, or one with images', () => {
    const wire = new WireMessages();
    const messages = conversation();
    const first = wire.map(messages);
    const shifted = wire.map(messages.slice(1));
    expect(shifted).toEqual(messages.slice(1).map(toWireMessage));
    expect(shifted[0]).not.toBe(first[1]);
    const withImage: AgentMessage = {
      role: 'user',
      content: 'What is this?',
      images: [{ mimeType: 'image/png', data: 'iVBORw0KGgo=' }],
    };
    const a = wire.map([withImage]);
    withImage.images![0].data = 'AAAA';
    const b = wire.map([withImage]);
    expect(b).toEqual([toWireMessage(withImage)]);
    expect(a[0]).not.toBe(b[0]);
  });

  it('hands out frozen objects: a request that repeats one cannot change an earlier request', () => {
    const [system, , call] = new WireMessages().map(conversation());
    expect(() => {
      (system as { content: string }).content = 'changed';
    }).toThrow(TypeError);
    expect(Object.isFrozen((call.tool_calls as object[])[0])).toBe(true);
  });
});
