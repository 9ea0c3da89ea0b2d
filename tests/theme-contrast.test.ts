import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const css = readFileSync(
  path.join(path.dirname(fileURLToPath(import.meta.url)), '../src-renderer/styles/theme.css'),
  'utf8',
);

/** The colour tokens of a theme block in theme.css. */
function tokens(selector: string): Record<string, string> {
  const body = css.split(selector)[1].split('}')[0];
  return Object.fromEntries([...body.matchAll(/--([\w-]+):\s*(#[0-9a-f]{6})/gi)].map((m) => [m[1], m[2]]));
}
const luminance = (hex: string) => {
  const [r, g, b] = [1, 3, 5]
    .map((i) => parseInt(hex.slice(i, i + 2), 16) / 255)
    .map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};
const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
};

const light = tokens(':root {');
const dark = { ...light, ...tokens(":root[data-theme='dark'] {") };
/** Small text (help, labels, hints, badges) on the backgrounds it is drawn on. */
const PAIRS = [
  ['text', 'bg'],
  ['text-2', 'bg'],
  ['text-2', 'surface'],
  ['text-2', 'surface-2'],
  ['text-2', 'surface-3'],
  ['text-3', 'bg'],
  ['text-3', 'surface'],
  ['text-3', 'surface-2'],
  ['text-3', 'tool'],
  ['text-3', 'user'],
  ['accent', 'surface'],
  ['accent', 'accent-2'],
  ['accent-text', 'accent'],
  ['ok', 'ok-bg'],
  ['warn', 'warn-bg'],
  ['danger', 'danger-bg'],
  ['danger', 'surface'],
] as const;

describe('theme contrast (WCAG AA, 4.5:1 for small text)', () => {
  for (const [name, theme] of [
    ['light', light],
    ['dark', dark],
  ] as const) {
    it(`holds in the ${name} theme`, () => {
      const low = PAIRS.map(([fg, bg]) => ({ pair: `${fg} on ${bg}`, ratio: contrast(theme[fg], theme[bg]) })).filter(
        (p) => p.ratio < 4.5,
      );
      expect(low.map((p) => `${p.pair}: ${p.ratio.toFixed(2)}`)).toEqual([]);
    });
  }
});
