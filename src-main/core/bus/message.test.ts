import { describe, expect, it } from 'vitest';
import { DEFAULT_BUS_URL } from '../../../shared/bus/message';
import { Message } from './message';

describe('Message (ovos-bus-client)', () => {
  it('serializes exactly {type, data, context} and parses missing data/context as {} (#50)', () => {
    expect(new Message('speak', { utterance: 'hi' }).serialize()).toBe(
      '{"type":"speak","data":{"utterance":"hi"},"context":{}}',
    );
    const parsed = Message.deserialize('{"type":"x"}');
    expect([parsed.type, parsed.data, parsed.context]).toEqual(['x', {}, {}]);
    expect(DEFAULT_BUS_URL).toBe('ws://127.0.0.1:8181/core');
  });

  it('forward keeps a copy of the context with a new type and data', () => {
    const m = new Message('a', { x: 1 }, { source: 'A', session: { session_id: 's1' } });
    const f = m.forward('b', { y: 2 });
    expect(f.toJSON()).toEqual({ type: 'b', data: { y: 2 }, context: { source: 'A', session: { session_id: 's1' } } });
    (f.context.session as { session_id: string }).session_id = 'changed';
    expect((m.context.session as { session_id: string }).session_id).toBe('s1');
  });

  it('reply swaps source and destination only when both are set (#21)', () => {
    expect(new Message('q', {}, { source: 'A', destination: 'B' }).reply('r').context).toEqual({
      source: 'B',
      destination: 'A',
    });
    expect(new Message('q', {}, { source: 'A' }).reply('r').context).toEqual({ source: 'A' });
    expect(new Message('q', {}, { destination: 'B' }).reply('r').context).toEqual({ destination: 'B' });
  });

  it('reply overlays the given context and copies data.destination before swapping', () => {
    const m = new Message('q', {}, { source: 'A', lang: 'en-US' });
    expect(m.reply('r', {}, { lang: 'pt-PT' }).context).toEqual({ source: 'A', lang: 'pt-PT' });
    expect(m.reply('r', { destination: 'skill' }).context).toEqual({
      source: 'skill',
      destination: 'A',
      lang: 'en-US',
    });
    expect(m.context).toEqual({ source: 'A', lang: 'en-US' });
  });

  it("response is reply(type + '.response')", () => {
    const r = new Message(
      'ovos.persona.tools.discover',
      {},
      { source: 'A', destination: 'B', session: { session_id: 'x' } },
    ).response({ ok: 1 });
    expect(r.toJSON()).toEqual({
      type: 'ovos.persona.tools.discover.response',
      data: { ok: 1 },
      context: { source: 'B', destination: 'A', session: { session_id: 'x' } },
    });
  });

  it('deserialize names what is wrong with a malformed frame', () => {
    expect(() => Message.deserialize('not json')).toThrow('Malformed bus frame: not JSON.');
    const deep = `{"type":"x","data":{"a":${'['.repeat(10_000)}${']'.repeat(10_000)}}}`;
    expect(() => Message.deserialize(deep)).toThrow(
      'Malformed bus frame: The JSON is nested deeper than 256 levels, the limit.',
    );
    expect(() => Message.deserialize('{"data":{}}')).toThrow(/^Malformed bus frame: type: /);
    expect(() => Message.deserialize('{"type":""}')).toThrow(/^Malformed bus frame: type: /);
    expect(() => Message.deserialize('{"type":"x","data":[1]}')).toThrow(/^Malformed bus frame: data: /);
    expect(() => Message.deserialize('{"type":"x","data":"s"}')).toThrow(/^Malformed bus frame: data: /);
    expect(() => Message.deserialize('{"type":"x","context":5}')).toThrow(/^Malformed bus frame: context: /);
    expect(() => Message.deserialize('[1,2]')).toThrow(/^Malformed bus frame: message: /);
  });
});
