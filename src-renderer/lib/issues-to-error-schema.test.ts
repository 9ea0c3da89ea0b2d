import { describe, expect, it } from 'vitest';
import { issuesToErrorSchema } from './issues-to-error-schema';

describe('issuesToErrorSchema', () => {
  it("puts main's issues on nested fields and array items", () => {
    expect(
      issuesToErrorSchema([
        { path: ['values', 1], message: 'Expected number' },
        { path: ['options', 'precision'], message: 'Too big' },
        { path: ['options', 'precision'], message: 'Not an integer' },
        { path: [], message: 'Unrecognized key' },
      ]),
    ).toEqual({
      values: { 1: { __errors: ['Expected number'] } },
      options: { precision: { __errors: ['Too big', 'Not an integer'] } },
      __errors: ['Unrecognized key'],
    });
  });
});
