import { describe, expect, it } from 'vitest';
import { jsonObjectText, readJsonObject } from './json-object-text';

describe('readJsonObject (a settings object typed as JSON)', () => {
  it('takes one JSON object with values of any type, and empty text or {} as not set', () => {
    expect(readJsonObject('{"reasoning_effort": "low", "seed": 7, "logit_bias": {"50256": -100}}')).toEqual({
      ok: true,
      value: { reasoning_effort: 'low', seed: 7, logit_bias: { '50256': -100 } },
    });
    expect(readJsonObject('  \n')).toEqual({ ok: true, value: undefined });
    expect(readJsonObject('{}')).toEqual({ ok: true, value: undefined });
  });

  it('says where a broken text breaks, by line and column', () => {
    const read = readJsonObject('{\n  "seed": 7,\n}');
    expect(read.ok).toBe(false);
    expect(!read.ok && read.message).toMatch(/^Not valid JSON: .*\(line 3 column 1\)$/);
  });

  it('refuses what is not one object, a __proto__ key and deep nesting, saying why', () => {
    expect(readJsonObject('[1, 2]')).toEqual({ ok: false, message: expect.stringMatching(/^Write one JSON object/) });
    expect(readJsonObject('"low"')).toEqual({ ok: false, message: expect.stringMatching(/^Write one JSON object/) });
    expect(readJsonObject('{"__proto__": {"x": 1}}')).toEqual({
      ok: false,
      message: expect.stringMatching(/__proto__/),
    });
    expect(readJsonObject(`{"a":${'['.repeat(40)}${']'.repeat(40)}}`)).toEqual({
      ok: false,
      message: 'The JSON nests deeper than 32 levels.',
    });
  });

  it('shows a set object as pretty JSON and an unset or empty one as nothing', () => {
    expect(jsonObjectText({ seed: 7 })).toBe('{\n  "seed": 7\n}');
    expect(jsonObjectText(undefined)).toBe('');
    expect(jsonObjectText({})).toBe('');
  });
});
