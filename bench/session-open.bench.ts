/**
 * Opening a long session as a user does, on the real app path: a session of 100,001 events (9,091 runs of user ->
 * two tool calls -> results -> a streamed answer) is written in our session format (format 2) by the real
 * SessionStore into a fresh data folder; the real host (`startHost`, browser mode) serves it; in Chromium the real
 * chat pane, store and WebSocket transport list the persona's sessions (as the app does when a persona is
 * selected), then open the session: `chat.loadSession` with the window's limit, through the host's WebSocket, to
 * the first frame that shows the newest run's question in a trace row. Timed from the open request to that frame,
 * against a fixed 400 ms budget; three runs, each in a fresh page (the host and its file stay), median printed.
 * (Until 2026-12-01 this line lived in trace-streaming.bench, where a bench server sent all 100,000 events as one
 * 19 MB message: not what the app does, which sends the newest events it keeps.)
 */
import { build } from 'esbuild';
import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import type { TraceEvent } from '../shared/domain/trace';
import { dataPaths } from '../src-main/core/data-dir';
import { SessionStore } from '../src-main/core/sessions';
import { startHost } from '../src-main/host/host';
import { sampleRun } from '../src-renderer/lib/trace-fixtures';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
/** BENCH_PROFILE=1: the page's CPU profile of each open, by function, on stderr (unminified bundle). */
const PROFILE = Boolean(process.env.BENCH_PROFILE);
/** BENCH_SCREENSHOTS=<folder>: a screenshot of the opened session in each theme. */
const SCREENSHOTS = process.env.BENCH_SCREENSHOTS;
const EVENTS = 100_000;
const SESSION = 'huge-session';
const here = path.dirname(fileURLToPath(import.meta.url));

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const round = (x: number) => Math.round(x * 100) / 100;

/** Run `r` of the session: its own question and answer, so the newest one is found on screen. */
function run(r: number): TraceEvent[] {
  return sampleRun(`run-${r}`, SESSION, 5).map((e) => {
    const at = e.at + r * 1000;
    if (e.type === 'user_message') return { ...e, at, content: `Question ${r}: what is 2+3, and the time?` };
    if (e.type === 'run_finished') return { ...e, at, answer: `It is 5 (${r}).` };
    return { ...e, at };
  });
}

/** Writes the session through the real store, run by run; the last run's question. */
async function writeSession(store: SessionStore): Promise<{ events: number; lastText: string }> {
  let events = 0;
  let r = 0;
  for (; events < EVENTS; r++) {
    const written = run(r).map((e) => store.append(SESSION, e));
    events += written.length;
    await Promise.all(written);
  }
  await store.flush();
  return { events, lastText: `Question ${r - 1}:` };
}

const home = await mkdtemp(path.join(tmpdir(), 'bench-session-open-'));
const staticDir = await mkdtemp(path.join(tmpdir(), 'bench-session-open-static-'));
const store = new SessionStore(dataPaths(home).sessions);
const written = await writeSession(store);
const fileBytes = (await stat(store.fileOf(SESSION))).size;
process.stderr.write(`# ${written.events} events, ${(fileBytes / 1e6).toFixed(1)} MB session file\n`);

const bundle = await build({
  entryPoints: [path.join(here, 'session-open-page.tsx')],
  bundle: true,
  write: false,
  format: 'iife',
  outdir: 'out',
  minify: !PROFILE,
  jsx: 'automatic',
  define: { 'process.env.NODE_ENV': '"production"' },
  logLevel: 'error',
});
const js = bundle.outputFiles.find((f) => f.path.endsWith('.js'))!.text;
const css = bundle.outputFiles.find((f) => f.path.endsWith('.css'))?.text ?? '';
// The host serves the page from its static folder, with the app's own headers (its CSP included).
await writeFile(path.join(staticDir, 'bench.js'), js);
await writeFile(path.join(staticDir, 'bench.css'), css);
await writeFile(
  path.join(staticDir, 'index.html'),
  '<!doctype html><html data-theme="light"><head><meta charset="utf-8"><link rel="stylesheet" href="/bench.css"></head><body><div id="root"></div><script src="/bench.js"></script></body></html>',
);

const host = await startHost({ port: 0, dataDir: home, staticDir });
const origin = `http://127.0.0.1:${host.port}`;
if (PROFILE) {
  // Each call the page makes, with the time main took to answer it.
  const handlers = host.app.handlers as unknown as Record<string, (...a: unknown[]) => Promise<unknown>>;
  for (const [method, handler] of Object.entries(handlers))
    handlers[method] = async (...args: unknown[]) => {
      const t = performance.now();
      try {
        return await handler(...args);
      } finally {
        process.stderr.write(`#   main: ${method} ${(performance.now() - t).toFixed(1)} ms\n`);
      }
    };
}
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-sync', '--no-first-run'],
});

type Win = {
  benchMount(url: string, token: string, personaId: string): Promise<number>;
  benchOpen(sessionId: string, lastText: string): Promise<{ ms: number; answerMs: number }>;
  benchHeld(sessionId: string): number;
};

/** A fresh page on the host's origin (so its WebSocket is allowed), the pane mounted and the sessions listed. */
async function openOnce(): Promise<{ ms: number; answerMs: number; held: number }> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  page.on('pageerror', (e) => process.stderr.write(`# page error: ${e.message}\n`));
  await page.goto(`${origin}/`);
  const listed = await page.evaluate(
    ([u, t]) => (window as unknown as Win).benchMount(u, t, 'calc'),
    [`ws://127.0.0.1:${host.port}/api`, host.token],
  );
  if (listed !== 1) throw new Error(`the session list has ${listed} sessions, not 1`);
  const cdp = PROFILE ? await page.context().newCDPSession(page) : null;
  if (cdp) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
  }
  const { ms, answerMs } = await page.evaluate(
    ([s, t]) => (window as unknown as Win).benchOpen(s, t),
    [SESSION, written.lastText],
  );
  if (cdp) printProfile((await cdp.send('Profiler.stop')).profile);
  await page.waitForTimeout(1500);
  if (SCREENSHOTS)
    for (const theme of ['light', 'dark']) {
      await page.evaluate((t) => (document.documentElement.dataset.theme = t), theme);
      await page.screenshot({ path: path.join(SCREENSHOTS, `chat-earlier-events-${theme}.png`) });
    }
  const held = await page.evaluate((s) => (window as unknown as Win).benchHeld(s), SESSION);
  await page.close();
  return { ms, answerMs, held };
}

/** Self time by function of a CPU profile, the top 25, on stderr. */
function printProfile(profile: {
  nodes: Array<{ id: number; callFrame: { functionName: string; url: string; lineNumber: number } }>;
  samples?: number[];
  timeDeltas?: number[];
}) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<string, number>();
  (profile.samples ?? []).forEach((id, i) => {
    const f = byId.get(id)!.callFrame;
    const key = `${f.functionName || '(anonymous)'}:${f.lineNumber}`;
    self.set(key, (self.get(key) ?? 0) + (profile.timeDeltas?.[i] ?? 0) / 1000);
  });
  const top = [...self].sort((a, b) => b[1] - a[1]).slice(0, 25);
  for (const [k, v] of top) process.stderr.write(`#   ${v.toFixed(1).padStart(7)} ms  ${k}\n`);
}

try {
  const paints: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const { ms, answerMs, held } = await openOnce();
    process.stderr.write(
      `# open ${i + 1}: ${round(ms)} ms to first paint (the answer came at ${round(answerMs)} ms); the window then held ${held} events\n`,
    );
    paints.push(ms);
  }
  const o = median(paints);
  console.log(
    JSON.stringify({
      name: `chat pane: open to first paint, ${written.events.toLocaleString('en')}-event session file, real host and renderer (Chromium)`,
      ours_ms: round(o),
      baseline: 'a fixed budget of 400 ms',
      baseline_ms: 400,
      ratio: Math.round((o / 400) * 1000) / 1000,
      target_ratio: 1,
      runs: paints.length,
      ours_min_ms: round(Math.min(...paints)),
      ours_max_ms: round(Math.max(...paints)),
      file_mb: round(fileBytes / 1e6),
    }),
  );
} finally {
  await browser.close();
  await host.close();
  await rm(home, { recursive: true, force: true });
  await rm(staticDir, { recursive: true, force: true });
}
