import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { toJsonSchema } from './schema';
import { ToolRegistry } from './tool-registry';
import { MathTools } from './test-fixtures';

describe('toJsonSchema', () => {
  it('converts a zod schema once per io, however often the tools are offered', async () => {
    const registry = new ToolRegistry([new MathTools()]);
    await registry.ready();
    const first = registry.openaiTools()[0].function.parameters;
    const second = registry.openaiTools()[0].function.parameters;
    expect(second).toBe(first);
    expect(first).toMatchObject({ type: 'object', required: ['a', 'b'] });
  });

  it('keeps input and output apart: a default makes a field optional only on input', () => {
    const schema = z.object({ n: z.number().default(1) });
    const input = toJsonSchema(schema, 'input');
    const output = toJsonSchema(schema, 'output');
    expect(input.required ?? []).toEqual([]);
    expect(output.required).toEqual(['n']);
    expect(toJsonSchema(schema, 'input')).toBe(input);
    expect(toJsonSchema(schema, 'output')).toBe(output);
  });

  it('passes a plain JSON Schema through as it is', () => {
    const json = { type: 'object', properties: {} };
    expect(toJsonSchema(json, 'input')).toBe(json);
  });
});
