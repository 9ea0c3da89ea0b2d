import { all, create } from 'mathjs';

/**
 * One private mathjs instance: expressions are parsed and evaluated by mathjs, never by JS eval.
 * mathjs's expression parser has no access to JS globals; `import` and `createUnit` are disabled inside it.
 */
export const math = create(all, { number: 'number' });

const disabled = (name: string) => () => {
  throw new Error(`Function ${name} is disabled.`);
};
math.import({ import: disabled('import'), createUnit: disabled('createUnit') }, { override: true });

/** Rounds away float noise (211.99999999999997 -> 212) while keeping 12 significant digits. */
export function tidy(value: number): number {
  if (!Number.isFinite(value) || value === 0) return value;
  return Number(value.toPrecision(12));
}
