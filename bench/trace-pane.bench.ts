/**
 * The chat trace pane in Chromium: a session of 2,000 trace events, time to first paint and to scroll to the
 * end, the virtualized pane vs a plain render of the same rows, in the same run. Prints one JSON line each.
 */
import { build } from 'esbuild';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const EVENTS = 2000;
const RUNS = 5;
const here = path.dirname(fileURLToPath(import.meta.url));

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const round = (x: number) => Math.round(x * 100) / 100;

const bundle = await build({
  entryPoints: [path.join(here, 'trace-pane-page.tsx')],
  bundle: true,
  write: false,
  format: 'iife',
  outdir: 'out',
  minify: true,
  jsx: 'automatic',
  define: { 'process.env.NODE_ENV': '"production"' },
  logLevel: 'error',
});
const js = bundle.outputFiles.find((f) => f.path.endsWith('.js'))!.text;
const css = bundle.outputFiles.find((f) => f.path.endsWith('.css'))?.text ?? '';
const html = `<!doctype html><html data-theme="light"><head><meta charset="utf-8"><style>${css}</style></head><body><div id="root"></div></body></html>`;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--disable-quic',
    '--no-first-run',
  ],
});
try {
  const measure = async (mode: 'virtual' | 'plain') => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.setContent(html);
    await page.addScriptTag({ content: js });
    const paint = await page.evaluate(
      ([m, n]) =>
        (window as unknown as { benchRender(m: string, n: number): Promise<number> }).benchRender(
          m as string,
          n as number,
        ),
      [mode, EVENTS] as const,
    );
    const scroll = await page.evaluate(() =>
      (window as unknown as { benchScrollToEnd(): Promise<number> }).benchScrollToEnd(),
    );
    await page.close();
    return { paint, scroll };
  };
  await measure('virtual');
  await measure('plain');
  const ours: { paint: number; scroll: number }[] = [];
  const base: { paint: number; scroll: number }[] = [];
  for (let i = 0; i < RUNS; i++) {
    ours.push(await measure('virtual'));
    base.push(await measure('plain'));
  }
  for (const [key, label] of [
    ['paint', 'first paint'],
    ['scroll', 'scroll to end'],
  ] as const) {
    const o = median(ours.map((r) => r[key]));
    const b = median(base.map((r) => r[key]));
    console.log(
      JSON.stringify({
        name: `trace pane: ${label}, ${EVENTS} trace events (Chromium)`,
        ours_ms: round(o),
        baseline: 'same rows rendered without virtualization',
        baseline_ms: round(b),
        ratio: Math.round((o / b) * 1000) / 1000,
        target_ratio: 1,
        runs: RUNS,
      }),
    );
  }
} finally {
  await browser.close();
}
