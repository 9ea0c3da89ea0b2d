import { describe, expect, it } from 'vitest';
import { uiSchemaFor } from './ui-schema-for';

describe('uiSchemaFor', () => {
  it('hides the second label of plain anyOf options, through nested objects, arrays and $refs', () => {
    const schema = {
      type: 'object',
      $defs: { Budget: { anyOf: [{ type: 'number' }, { type: 'string', enum: ['low', 'high'] }] } },
      properties: {
        budget: { $ref: '#/$defs/Budget' },
        legs: {
          type: 'array',
          items: {
            type: 'object',
            properties: { cost: { oneOf: [{ type: 'integer' }, { type: 'object', properties: {} }] } },
          },
        },
        name: { type: 'string' },
      },
    };
    expect(uiSchemaFor(schema)).toEqual({
      budget: { anyOf: [{ 'ui:label': false }, { 'ui:label': false }] },
      legs: { items: { cost: { oneOf: [{ 'ui:label': false }, {}] } } },
      name: { 'ui:widget': 'ToolText' },
    });
  });
});
