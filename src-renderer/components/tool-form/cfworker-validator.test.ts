import { describe, expect, it } from 'vitest';
import type { RJSFSchema } from '@rjsf/utils';
import { CfworkerValidator } from './cfworker-validator';

const schema: RJSFSchema = {
  type: 'object',
  required: ['title', 'point'],
  properties: {
    title: { type: 'string', minLength: 2 },
    count: { type: 'integer' },
    point: { type: 'object', required: ['x'], properties: { x: { type: 'number' } } },
    tags: { type: 'array', items: { $ref: '#/$defs/Tag' } },
    mode: { enum: ['fast', 'slow'] },
    value: { anyOf: [{ type: 'string' }, { type: 'number' }] },
  },
  $defs: { Tag: { type: 'object', properties: { on: { type: 'boolean' } } } },
};

describe('CfworkerValidator', () => {
  const v = new CfworkerValidator();

  it('accepts valid form data', () => {
    const r = v.validateFormData(
      { title: 'ok', point: { x: 1 }, tags: [{ on: true }], mode: 'fast', value: 3 },
      schema,
    );
    expect(r.errors).toEqual([]);
    expect(r.errorSchema).toEqual({});
  });

  it('puts each error on its field, nested objects, array items through $ref, enums and anyOf', () => {
    const r = v.validateFormData(
      { title: 'x', count: 1.5, point: {}, tags: [{ on: 3 }], mode: 'warp', value: true } as never,
      schema,
    );
    const es = r.errorSchema as Record<string, unknown>;
    expect(es.title).toEqual({ __errors: ['String is too short (1 < 2)'] });
    expect(es.count).toEqual({ __errors: ['must be integer, not number'] });
    expect(es.point).toEqual({ x: { __errors: ['is a required property'] } });
    expect(es.tags).toEqual({ 0: { on: { __errors: ['must be boolean, not number'] } } });
    expect((es.mode as { __errors: string[] }).__errors[0]).toMatch(/must be one of \["fast","slow"\]/);
    expect(es.value).toEqual({ __errors: ['does not match any of the allowed options'] });
    expect(r.errors.map((e) => e.property)).toContain('.point.x');
  });

  it('reports a missing top-level required field on that field', () => {
    const r = v.validateFormData({ point: { x: 0 } }, schema);
    expect(r.errorSchema).toEqual({ title: { __errors: ['is a required property'] } });
  });

  it('isValid resolves refs against the root schema (used by rjsf to pick anyOf/oneOf options)', () => {
    expect(v.isValid({ $ref: '#/$defs/Tag' }, { on: true }, schema)).toBe(true);
    expect(v.isValid({ $ref: '#/$defs/Tag' }, { on: 'no' }, schema)).toBe(false);
  });

  it('merges customValidate errors and applies transformErrors', () => {
    const r = v.validateFormData(
      { title: 'ok', point: { x: 1 } },
      schema,
      (data, errors) => {
        (errors as unknown as { title: { addError(m: string): void } }).title.addError('taken');
        return errors;
      },
      (errs) => errs.map((e) => ({ ...e, message: `! ${e.message}` })),
    );
    expect(r.errorSchema).toMatchObject({ title: { __errors: ['taken'] } });
    const bad = v.validateFormData({ title: 'x', point: { x: 1 } }, schema, undefined, (errs) =>
      errs.map((e) => ({ ...e, message: `! ${e.message}` })),
    );
    expect(bad.errorSchema).toEqual({ title: { __errors: ['! String is too short (1 < 2)'] } });
  });

  it('never compiles code: it validates with eval and Function disabled', () => {
    const realFunction = globalThis.Function;
    const realEval = globalThis.eval;
    globalThis.eval = () => {
      throw new Error('eval is forbidden');
    };
    (globalThis as { Function: unknown }).Function = function () {
      throw new Error('Function is forbidden');
    };
    try {
      const fresh = new CfworkerValidator();
      expect(fresh.validateFormData({ title: 'x', point: {} }, schema).errors.length).toBeGreaterThan(0);
    } finally {
      globalThis.Function = realFunction;
      globalThis.eval = realEval;
    }
  });
});
