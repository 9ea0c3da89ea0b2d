import { Validator } from '@cfworker/json-schema';
import { describe, expect, it } from 'vitest';
import type { JsonSchema } from '../../../shared/domain/tool';
import { TRIP_INPUT_SCHEMA, TRIP_OUTPUT_SCHEMA } from '../toolboxes/mcp/fixtures/fixture-server';
import { compileCheck } from './json-schema-check';

/** cfworker's answer; one it cannot give (it throws on an undefined value) must not be "valid" either. */
const cfworker = (schema: JsonSchema, value: unknown) => {
  try {
    return new Validator(structuredClone(schema) as never, '2020-12', false).validate(value).valid;
  } catch {
    return false;
  }
};

/** Schemas the check compiles, one or more keywords each, as MCP servers write them. */
const SCHEMAS: Record<string, JsonSchema> = {
  trip: TRIP_INPUT_SCHEMA as unknown as JsonSchema,
  tripOutput: TRIP_OUTPUT_SCHEMA as unknown as JsonSchema,
  echo: {
    type: 'object',
    properties: { message: { type: 'string', description: 'Message to echo' } },
    required: ['message'],
    additionalProperties: false,
    $schema: 'http://json-schema.org/draft-07/schema#',
  },
  types: { type: ['integer', 'null', 'boolean'] },
  integer: { type: 'integer', minimum: -3, maximum: 10 },
  exclusive: { type: 'number', exclusiveMinimum: 0, exclusiveMaximum: 1 },
  strings: { type: 'string', minLength: 2, maxLength: 3, pattern: '^[a-z😀]+$' },
  format: { type: 'string', format: 'date-time' },
  unknownFormat: { type: 'string', format: 'color-name' },
  enumMixed: { enum: [1, 'a', null, { k: [1, 2] }, [true]] },
  constObject: { const: { a: 1, b: [1, { c: null }] } },
  notString: { not: { type: 'string' } },
  allOf: { allOf: [{ type: 'object', required: ['a'] }, { properties: { a: { type: 'number' } } }] },
  oneOfOverlap: { oneOf: [{ type: 'number' }, { type: 'integer' }] },
  arrays: { type: 'array', items: { type: 'string' }, minItems: 1, maxItems: 3, uniqueItems: true },
  uniqueObjects: { uniqueItems: true },
  additionalSchema: { properties: { a: { type: 'string' } }, additionalProperties: { type: 'number' } },
  props: { type: 'object', minProperties: 1, maxProperties: 2 },
  falseProperty: { properties: { never: false, any: true } },
  typeOnlyAppliesToKind: { minLength: 2, minimum: 3, required: ['x'], maxItems: 0 },
  refRoot: {
    type: 'object',
    properties: { name: { type: 'string' }, children: { type: 'array', items: { $ref: '#' } } },
    required: ['name'],
  },
  refDefinitions: {
    definitions: { n: { type: 'integer' }, 'a/b': { type: 'string' } },
    properties: { n: { $ref: '#/definitions/n' }, s: { $ref: '#/definitions/a~1b' } },
  },
  refWithSiblings: { $defs: { s: { type: 'string' } }, $ref: '#/$defs/s', maxLength: 2 },
  refIntoProperties: {
    properties: { a: { type: 'integer', minimum: 5 }, b: { $ref: '#/properties/a' } },
    anyOf: [{ required: ['a'] }, { required: ['b'] }],
  },
  inheritedNames: { properties: { constructor: { type: 'string' }, toString: { type: 'number' } } },
  inheritedRequired: { required: ['constructor'] },
  lengths: { type: 'string', minLength: 3, maxLength: 4 },
  integerBounds: { type: 'integer', minimum: 2, exclusiveMaximum: 5 },
  multiType: { type: ['string', 'array'], minLength: 2, minItems: 2 },
  unknownType: { type: 'any' },
  additionalFalse: { type: 'object', properties: { a: { type: 'string' } }, additionalProperties: false },
  nullableAnyOf: { anyOf: [{ type: 'string' }, { type: 'null' }], default: null, title: 'x', 'x-extension': 1 },
};

/** Values of every JSON kind, and ones near each schema's edges. */
const VALUES: unknown[] = [
  null,
  true,
  false,
  0,
  -0,
  -3,
  -4,
  1,
  1.5,
  10,
  11,
  0.5,
  1e300,
  '',
  'a',
  'ab',
  'abc',
  'abcd',
  'AB',
  '😀😀',
  '😀😀😀😀',
  '2026-12-01T14:00:00Z',
  '2026-13-01',
  [],
  [1],
  ['a'],
  ['a', 'a'],
  ['a', 'b', 'c', 'd'],
  [{ a: 1 }, { a: 1 }],
  [{ a: 1 }, { a: 2 }],
  [true],
  {},
  { message: 'hi' },
  { message: 'hi', extra: 1 },
  { message: 3 },
  { a: 1 },
  { a: '1' },
  { a: 'x', z: 2 },
  { a: 'x', z: 'y' },
  { a: 6, b: 7 },
  { b: 4 },
  { b: 5 },
  { n: 1, s: 'x' },
  { n: 1.5 },
  { s: 2 },
  { k: [1, 2] },
  { a: 1, b: [1, { c: null }] },
  { a: 1, b: [1, { c: 0 }] },
  { never: 1 },
  { any: 1 },
  { x: 1, y: 2, z: 3 },
  { name: 'root', children: [{ name: 'leaf', children: [] }] },
  { name: 'root', children: [{ children: [] }] },
  { legs: [{ to: 'Lyon' }], people: 3 },
  { legs: [{ to: 1 }], people: 3 },
  { legs: [], people: 2.5 },
  {
    from: { city: 'Porto', country: 'PT' },
    stops: [{ city: 'Madrid', country: 'ES' }],
    travellers: { adults: 2, children: 1 },
    budget: 'low',
    mode: 'train',
  },
  { from: { city: '', country: 'PT' }, travellers: { adults: 1 } },
  { from: { city: 'Porto', country: 'DE' }, travellers: { adults: 1 } },
  { from: { city: 'Porto', country: 'PT' }, travellers: { adults: 0 } },
  { from: { city: 'Porto', country: 'PT' }, travellers: { adults: 1 }, budget: -1 },
  { from: { city: 'Porto', country: 'PT' }, travellers: { adults: 1 }, budget: 'mid' },
  { from: { city: 'Porto', country: 'PT' }, travellers: { adults: 1 }, mode: 'plane' },
  {
    from: { city: 'Porto', country: 'PT' },
    travellers: { adults: 1 },
    stops: new Array(6).fill({ city: 'a', country: 'FR' }),
  },
  { from: { city: 'Porto', country: 'PT' }, travellers: { adults: '2' } },
  'ab😀',
  '😀😀😀',
  '😀😀😀😀😀',
  'abcde',
  '\ud83dab',
  2,
  4,
  5,
  { constructor: 'x' },
  { constructor: 1 },
  { toString: 1 },
  { toString: 'x' },
  { a: undefined },
  { message: undefined },
];

describe('compileCheck', () => {
  it('answers as cfworker does for every schema it compiles, on valid and invalid values alike', () => {
    const disagreements: string[] = [];
    for (const [name, schema] of Object.entries(SCHEMAS)) {
      const check = compileCheck(schema);
      expect(check, name).not.toBeNull();
      for (const value of VALUES) {
        const expected = cfworker(schema, value);
        if (check!(value) !== expected) disagreements.push(`${name}: ${JSON.stringify(value)} should be ${expected}`);
      }
    }
    expect(disagreements).toEqual([]);
  });

  it('compiles nothing for keywords it does not implement, so cfworker decides those', () => {
    const unsupported: JsonSchema[] = [
      { if: { type: 'string' }, then: { minLength: 2 } },
      { patternProperties: { '^x': { type: 'string' } } },
      { type: 'number', multipleOf: 0.1 },
      { prefixItems: [{ type: 'string' }] },
      { items: [{ type: 'string' }] },
      { properties: { a: { $ref: 'https://example.com/remote.json' } } },
      { $id: 'https://example.com/s', properties: { a: { $ref: '#/$defs/x' } }, $defs: { x: {} } },
      { properties: { a: { $ref: '#/properties' } } },
      { properties: { a: { $ref: '#/$defs/missing' } } },
      { properties: { a: { $anchor: 'a' } } },
      { properties: { a: { type: 'string', pattern: '(' } } },
      { dependentRequired: { a: ['b'] } },
    ];
    for (const schema of unsupported) expect(compileCheck(schema), JSON.stringify(schema)).toBeNull();
  });

  it('is compiled once per schema object', () => {
    const schema: JsonSchema = { type: 'object', properties: { a: { type: 'string' } } };
    expect(compileCheck(schema)).toBe(compileCheck(schema));
  });

  it('says "not known valid" instead of throwing on a schema that recurses without descending', () => {
    const check = compileCheck({ $defs: { loop: { $ref: '#/$defs/loop' } }, $ref: '#/$defs/loop' });
    expect(check!({})).toBe(false);
  });
});
