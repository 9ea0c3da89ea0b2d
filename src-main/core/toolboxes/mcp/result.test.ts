import { describe, expect, test } from 'vitest';
import { mapMCPResult, mcpOutputSchema } from './result';
import { dropNullOptionals, toolNamesFor } from './names';
import { validateWith } from '../../toolbox';

describe('MCP result mapping', () => {
  test('text blocks joined, other blocks only in raw, isError kept (OVOS acceptance #52 shape)', () => {
    const image = { type: 'image', data: 'AAAA', mimeType: 'image/png' };
    expect(mapMCPResult({ content: [{ type: 'text', text: 'fetched:https://example.com' }] })).toEqual({
      content: 'fetched:https://example.com',
      is_error: false,
      structured: null,
      raw: [{ type: 'text', text: 'fetched:https://example.com' }],
    });
    expect(
      mapMCPResult({
        content: [{ type: 'text', text: 'a' }, image, { type: 'text', text: 'b' }],
        isError: true,
        structuredContent: { x: 1 },
      }),
    ).toEqual({
      content: 'a\nb',
      is_error: true,
      structured: { x: 1 },
      raw: [{ type: 'text', text: 'a' }, image, { type: 'text', text: 'b' }],
    });
    expect(mapMCPResult({ toolResult: { legacy: true } })).toMatchObject({
      content: '',
      structured: { legacy: true },
      raw: [],
    });
  });

  test('the output schema accepts what the mapping produces, and checks structured against a declared outputSchema', () => {
    const declared = {
      type: 'object',
      $defs: { n: { type: 'integer' } },
      properties: { count: { $ref: '#/$defs/n' } },
      required: ['count'],
    };
    const schema = mcpOutputSchema(declared);
    expect(validateWith(schema, mapMCPResult({ content: [], structuredContent: { count: 3 } })).ok).toBe(true);
    expect(validateWith(schema, mapMCPResult({ content: [{ type: 'text', text: 'no' }], isError: true })).ok).toBe(
      true,
    );
    const wrong = validateWith(schema, mapMCPResult({ content: [], structuredContent: { count: 'three' } }));
    expect(wrong.ok).toBe(false);
    expect(validateWith(mcpOutputSchema(), mapMCPResult({ content: [] })).ok).toBe(true);
  });
});

describe('tool names and null arguments', () => {
  test('valid names are kept; others made valid, unique and at most 64 long', () => {
    const long = `ns.${'x'.repeat(80)}`;
    const names = toolNamesFor(['get-sum', 'files/read', 'files.read', 'files_read', long]);
    expect(names.get('get-sum')).toBe('get-sum');
    expect(names.get('files_read')).toBe('files_read');
    expect(names.get('files/read')).toBe('files_read_2');
    expect(names.get('files.read')).toBe('files_read_3');
    expect(names.get(long)).toMatch(/^ns_x+$/);
    expect(names.get(long)!.length).toBe(64);
  });

  test('top-level nulls of optional arguments are dropped, required ones kept for validation to report', () => {
    expect(dropNullOptionals({ url: 'u', limit: null, q: null }, { required: ['q'] })).toEqual({ url: 'u', q: null });
    expect(dropNullOptionals('text', {})).toBe('text');
  });
});
