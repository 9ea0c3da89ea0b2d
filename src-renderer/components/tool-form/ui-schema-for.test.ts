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
      legs: { 'ui:options': { addTo: 'legs' }, items: { cost: { oneOf: [{ 'ui:label': false }, {}] } } },
      name: { 'ui:widget': 'ToolText' },
    });
  });

  it("names the list an add button adds to: the list's title, else its property's name", () => {
    const schema = {
      type: 'object',
      properties: {
        args: { type: 'array', title: 'Arguments', items: { type: 'string' } },
        roots: { type: 'array', items: { type: 'string' } },
        env: { type: 'object', additionalProperties: { type: 'string' } },
        mode: { type: 'string', enum: ['a', 'b'] },
      },
    };
    const ui = uiSchemaFor(schema);
    expect(ui.args['ui:options']).toEqual({ addTo: 'Arguments' });
    expect(ui.roots['ui:options']).toEqual({ addTo: 'roots' });
    expect(ui.env['ui:options']).toEqual({ addTo: 'env' });
    expect(ui.mode).toBeUndefined();
  });
});
