import { z } from 'zod';
import type { Unit } from 'mathjs';
import { defineTool, ToolArguments, ToolOutput } from '../../toolbox';
import { math, tidy } from './mathjs';

export const UnitConvertArgs = ToolArguments.extend({
  value: z.number().describe('The quantity to convert.'),
  from_unit: z
    .string()
    .describe("Unit of the value, e.g. 'km', 'mi', 'kg', 'lb', 'C', 'F', 'L', 'gal', 'km/h', 'h', 'GB'."),
  to_unit: z.string().describe('Unit to convert to; must measure the same thing as from_unit.'),
});

export const UnitConvertOutput = ToolOutput.extend({
  result: z.number().nullable().describe('The converted value; null on error (OVOS: NaN).'),
  from_unit: z.string(),
  to_unit: z.string(),
  category: z.string().nullable().describe("What the units measure, e.g. 'length', 'mass', 'temperature'."),
  error: z.string().nullable().describe('Why the conversion failed; null on success.'),
});

/** Everyday spellings mathjs reads differently (C is coulomb, F farad) or not at all. */
const ALIASES: Record<string, string> = {
  c: 'degC',
  '°c': 'degC',
  f: 'degF',
  '°f': 'degF',
  kph: 'km/h',
  kmh: 'km/h',
  mph: 'mi/h',
  sqm: 'm^2',
  ha: 'hectare',
};

function parseUnit(name: string): Unit | null {
  const spelled = ALIASES[name.trim().toLowerCase()] ?? name.trim();
  try {
    const unit = math.unit(1, spelled);
    return unit.units.length ? unit : null;
  } catch {
    return null;
  }
}

/** Friendlier names for mathjs base quantities. */
const CATEGORY_NAMES: Record<string, string> = { BIT: 'data', SURFACE: 'area' };

/** Quantities mathjs has no base name for, by dimensions (mass, length, time, current, temperature, ...). */
const EXTRA_CATEGORIES: Record<string, string> = {
  '0,1,-1,0,0,0,0,0,0': 'speed',
  '0,1,-2,0,0,0,0,0,0': 'acceleration',
  '1,-3,0,0,0,0,0,0,0': 'density',
  '0,3,-1,0,0,0,0,0,0': 'flow',
};

/** The unit's category: the mathjs base quantity with the same dimensions ('length', 'mass', ...). */
function categoryOf(unit: Unit): string {
  const dims = (unit as unknown as { dimensions: number[] }).dimensions;
  const bases = (math.Unit as unknown as { BASE_UNITS: Record<string, { dimensions: number[] }> }).BASE_UNITS;
  for (const [key, base] of Object.entries(bases)) {
    if (base.dimensions.every((d, i) => Math.abs(d - (dims[i] ?? 0)) < 1e-12))
      return CATEGORY_NAMES[key] ?? key.toLowerCase();
  }
  const extra = EXTRA_CATEGORIES[dims.map((d) => Math.round(d * 1000) / 1000).join(',')];
  return extra ?? `dimension [${dims.join(', ')}]`;
}

export function unitConvert(value: number, fromUnit: string, toUnit: string): z.input<typeof UnitConvertOutput> {
  const base = { from_unit: fromUnit, to_unit: toUnit };
  const from = parseUnit(fromUnit);
  if (!from) return { ...base, result: null, category: null, error: `Unknown unit: '${fromUnit}'` };
  const to = parseUnit(toUnit);
  if (!to) return { ...base, result: null, category: null, error: `Unknown unit: '${toUnit}'` };
  const fromCategory = categoryOf(from);
  const toCategory = categoryOf(to);
  if (fromCategory !== toCategory)
    return {
      ...base,
      result: null,
      category: null,
      error: `Incompatible categories: '${fromCategory}' vs '${toCategory}'`,
    };
  const toName = to.formatUnits();
  const converted = math.unit(value, from.formatUnits()).toNumber(toName);
  return { ...base, result: tidy(converted), category: fromCategory, error: null };
}

export const unitConvertTool = defineTool({
  name: 'unit_convert',
  description:
    'Convert a value between units of the same kind (length, mass, temperature, volume, time, speed, area, energy, data, ...).',
  argumentSchema: UnitConvertArgs,
  outputSchema: UnitConvertOutput,
  toolCall: ({ value, from_unit, to_unit }) => unitConvert(value, from_unit, to_unit),
});
