import { describe, expect, it } from 'vitest';
import { prepareSchema } from './prepare-schema';
import { CfworkerValidator } from './cfworker-validator';

describe('prepareSchema', () => {
  const schema = {
    type: 'object',
    properties: {
      mode: { oneOf: [{ const: 'train' }, { const: 'car' }] },
      budget: {
        anyOf: [
          { type: 'number', minimum: 0 },
          { type: 'string', enum: ['low', 'high'] },
        ],
      },
      nested: { type: 'object', properties: { level: { anyOf: [{ const: 1 }, { const: 2 }] } } },
    },
  };

  it('turns a oneOf of consts into an enum rjsf can render as a select', () => {
    const out = prepareSchema(schema);
    expect(out.properties.mode).toEqual({ enum: ['train', 'car'], type: 'string' });
    expect(out.properties.nested.properties.level).toEqual({ enum: [1, 2], type: 'integer' });
  });

  it('names anyOf options by their type or choices', () => {
    const out = prepareSchema(schema) as unknown as { properties: { budget: { anyOf: { title: string }[] } } };
    expect(out.properties.budget.anyOf.map((b) => b.title)).toEqual(['number', 'one of: low, high']);
  });

  it('accepts and refuses the same values as the original schema', () => {
    const v = new CfworkerValidator();
    const prepared = prepareSchema(schema);
    for (const value of [
      { mode: 'train' },
      { mode: 'bus' },
      { budget: 'low' },
      { budget: -1 },
      { nested: { level: 3 } },
    ]) {
      expect(v.isValid(prepared as never, value, prepared as never)).toBe(
        v.isValid(schema as never, value, schema as never),
      );
    }
  });
});
