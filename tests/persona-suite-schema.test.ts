import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { personaSuiteJsonSchema } from '../shared/domain/persona-suite';

describe('docs/persona-suite.schema.json', () => {
  it('docs/persona-suite.schema.json is the schema of today (regenerate: node scripts/persona-suite-schema.mjs)', () => {
    const published = JSON.parse(readFileSync('docs/persona-suite.schema.json', 'utf8'));
    expect(published).toEqual(personaSuiteJsonSchema());
  });
});
