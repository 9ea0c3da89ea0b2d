import { readFileSync } from 'node:fs';
import { Validator } from '@cfworker/json-schema';
import { describe, expect, it } from 'vitest';
import { personaSuiteJsonSchema } from '../shared/domain/persona-suite';

describe('docs/persona-suite.schema.json', () => {
  it('docs/persona-suite.schema.json is the schema of today (regenerate: node scripts/persona-suite-schema.mjs)', () => {
    const published = JSON.parse(readFileSync('docs/persona-suite.schema.json', 'utf8'));
    expect(published).toEqual(personaSuiteJsonSchema());
  });
});

describe('the example suite', () => {
  it('is valid against the published JSON Schema (what editors check)', () => {
    const schema = JSON.parse(readFileSync('docs/persona-suite.schema.json', 'utf8'));
    const example = JSON.parse(readFileSync('examples/suites/calculator.suite.json', 'utf8'));
    expect(new Validator(schema, '2020-12', false).validate(example).errors).toEqual([]);
    const broken = { ...example, cases: [{ ...example.cases[0], assertions: [{ type: 'tool_caled', tool: 'x' }] }] };
    expect(new Validator(schema, '2020-12', false).validate(broken).valid).toBe(false);
  });
});
