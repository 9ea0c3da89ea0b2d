import { describe, expect, it } from 'vitest';
import { assertJsonSafe, JsonInputError, MAX_JSON_DEPTH, parseJsonSafe } from './safe-json';

const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

describe('parseJsonSafe', () => {
  it('parses ordinary JSON, with or without a UTF-8 BOM', () => {
    expect(parseJsonSafe('{"a":[1,{"b":"]]]"}]}')).toEqual({ a: [1, { b: ']]]' }] });
    expect(parseJsonSafe('\ufeff{"name":"x"}')).toEqual({ name: 'x' });
  });

  it('refuses nesting past the limit with a clear error, at the limit it parses', () => {
    expect(() => parseJsonSafe(nested(MAX_JSON_DEPTH))).not.toThrow();
    const error = (() => {
      try {
        parseJsonSafe(nested(10_000));
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(JsonInputError);
    expect(error).toMatchObject({
      problem: 'depth',
      message: `The JSON is nested deeper than ${MAX_JSON_DEPTH} levels, the limit.`,
    });
  });

  it('does not count brackets inside strings', () => {
    expect(parseJsonSafe(JSON.stringify({ s: '['.repeat(5000) }))).toEqual({ s: '['.repeat(5000) });
  });

  it('names every __proto__ key it refuses', () => {
    expect(() => parseJsonSafe('{"a":{"__proto__":{"x":1}},"b":[{"__proto__":null}]}')).toThrow(
      'The JSON has a "__proto__" key, which is refused (it would be dropped silently): a.__proto__, b[0].__proto__.',
    );
  });

  it('reports syntax errors as syntax problems', () => {
    expect(() => parseJsonSafe('{')).toThrow(JsonInputError);
  });
});

describe('assertJsonSafe', () => {
  it('checks values parsed elsewhere without overflowing the stack', () => {
    const deep = JSON.parse(nested(100_000)) as unknown;
    expect(() => assertJsonSafe(deep)).toThrow(/nested deeper than/);
    expect(() => assertJsonSafe({ a: [1, 2, { b: 3 }] })).not.toThrow();
  });

  it('takes nesting up to the limit and refuses one level more, objects and arrays alike', () => {
    expect(() => assertJsonSafe(JSON.parse(nested(MAX_JSON_DEPTH)))).not.toThrow();
    expect(() => assertJsonSafe(JSON.parse(nested(MAX_JSON_DEPTH + 1)))).toThrow(/nested deeper than 256/);
    const objects = (depth: number) => JSON.parse(`${'{"a":'.repeat(depth - 1)}{}${'}'.repeat(depth - 1)}`);
    expect(() => assertJsonSafe(objects(3), { maxDepth: 3 })).not.toThrow();
    expect(() => assertJsonSafe(objects(4), { maxDepth: 3 })).toThrow(/nested deeper than 3/);
  });

  it('refuses a __proto__ key anywhere, naming where it is, unless allowed', () => {
    const value = JSON.parse('{"content":[{"type":"text"},{"meta":{"__proto__":{"x":1}}}]}') as unknown;
    expect(() => assertJsonSafe(value)).toThrow(/"__proto__" key.*content\[1\]\.meta\.__proto__/);
    expect(() => assertJsonSafe(value, { allowProtoKeys: true })).not.toThrow();
  });
});
