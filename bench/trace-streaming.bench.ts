/**
 * The chat pane while an answer streams, in Chromium, on the real WebSocket transport and store: a bench server
 * answers the app's calls and pushes a run's trace events as main does (run start, the user turn, 500 deltas 10 ms
 * apart, the final turn, the end) while Playwright types into the message box. Lines: keystroke-to-paint p95 and
 * answer-complete time in a 20,000-event session against an empty session. Each runs three times; the median is
 * printed, with min and max. (Open-to-first-paint of a 100,000-event session is session-open.bench, on the real host.)
 */
import { build } from 'esbuild';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Page } from 'playwright-core';
import { WebSocketServer, type WebSocket } from 'ws';
import { NO_BREAKPOINTS } from '../shared/domain/debug';
import type { TraceEvent } from '../shared/domain/trace';
import { sampleRun, traceOf } from '../src-renderer/lib/trace-fixtures';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const DELTAS = 500;
const DELTA_EVERY_MS = 10;
const KEY_EVERY_MS = 120;
const here = path.dirname(fileURLToPath(import.meta.url));

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const p95 = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil(s.length * 0.95) - 1)];
};
const round = (x: number) => Math.round(x * 100) / 100;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A stored session of `count` events: scripted runs of user -> 2 tool calls -> results -> streamed answer. */
function session(count: number, sessionId: string): TraceEvent[] {
  const out: TraceEvent[] = [];
  for (let r = 0; out.length < count; r++) out.push(...sampleRun(`old-${r}`, sessionId, 5));
  return out.slice(0, count);
}
const lastTextOf = (events: TraceEvent[]) => {
  const user = events.findLast((e) => e.type === 'user_message');
  return user?.type === 'user_message' ? user.content : '';
};

/** The run main would stream for "go": `DELTAS` words, then the final turn and the end. */
function liveRun(runId: string, sessionId: string): { events: TraceEvent[]; finalText: string } {
  const words = Array.from({ length: DELTAS }, (_, i) => `word${i} `);
  const finalText = `${words.join('').trim()} (${runId})`;
  words[words.length - 1] = `word${DELTAS - 1} (${runId})`;
  const events = traceOf(runId, [
    { ...sampleRun(runId, sessionId)[0] },
    { type: 'user_message', content: 'go' },
    ...words.map((delta) => ({ type: 'answer_delta' as const, iteration: 1, delta })),
    {
      type: 'assistant_message',
      iteration: 1,
      content: finalText,
      toolCalls: [],
      final: true,
      durationMs: DELTAS * DELTA_EVERY_MS,
      warnings: [],
      raw: null,
    },
    { type: 'run_finished', iteration: 1, answer: finalText, iterations: 1, durationMs: DELTAS * DELTA_EVERY_MS },
  ]);
  return { events, finalText };
}

const stored = new Map<string, TraceEvent[]>([['big', session(20_000, 'big')]]);
let runCount = 0;

/** Answers the calls the chat pane makes, like main; chat.send streams a run to the socket that sent it. */
function serve(socket: WebSocket) {
  socket.on('message', (data) => {
    const { id, method, input } = JSON.parse(String(data)) as { id: number; method: string; input: never };
    const reply = (output: unknown) => socket.send(JSON.stringify({ id, ok: true, output }));
    switch (method) {
      case 'debug.getBreakpoints':
        return reply({ breakpoints: NO_BREAKPOINTS });
      case 'debug.state':
        return reply({ paused: [] });
      case 'chat.sessions':
        return reply({ sessions: [] });
      case 'chat.loadSession': {
        // As main answers it: the newest `limit` events before `before` (here an index), and the cursor to the rest.
        const { sessionId, limit, before } = input as { sessionId: string; limit?: number; before?: number };
        const all = stored.get(sessionId) ?? [];
        const end = before ?? all.length;
        const start = limit === undefined ? 0 : Math.max(0, end - limit);
        const summary = { sessionId, personaId: 'p', personaName: 'Bench', title: 't', startedAt: 1, updatedAt: 2 };
        return reply({
          session: { ...summary, runs: 1 },
          events: all.slice(start, end),
          warnings: [],
          interruptedRunIds: [],
          ...(start ? { omitted: start, earlier: start } : {}),
        });
      }
      case 'chat.send': {
        const { sessionId = 'fresh' } = input as { sessionId?: string };
        const runId = `live-${++runCount}`;
        reply({ runId, sessionId });
        void stream(socket, sessionId, liveRun(runId, sessionId).events);
        return;
      }
      default:
        socket.send(
          JSON.stringify({ id, ok: false, error: { code: 'internal', message: `not in the bench: ${method}` } }),
        );
    }
  });
}

/** Pushes the run's events as the engine emits them: deltas `DELTA_EVERY_MS` apart, the rest at once. */
async function stream(socket: WebSocket, sessionId: string, events: TraceEvent[]) {
  for (const event of events) {
    if (event.type === 'answer_delta') await sleep(DELTA_EVERY_MS);
    socket.send(JSON.stringify({ event: 'chat.trace', payload: { sessionId, event } }));
  }
}

const bundle = await build({
  entryPoints: [path.join(here, 'trace-streaming-page.tsx')],
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

const wss = new WebSocketServer({ host: '127.0.0.1', port: 0 });
wss.on('connection', serve);
await new Promise((r) => wss.once('listening', r));
const url = `ws://127.0.0.1:${(wss.address() as AddressInfo).port}/api`;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-sync', '--no-first-run'],
});

type Win = {
  benchMount(url: string): Promise<void>;
  benchOpen(sessionId: string, lastText: string): Promise<number>;
  benchHeld(sessionId: string): number;
  benchSend(finalText: string): Promise<number>;
  benchLatencies(): number[];
};

async function freshPage(): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  page.on('pageerror', (e) => process.stderr.write(`# page error: ${e.message}\n`));
  await page.setContent(html);
  await page.addScriptTag({ content: js });
  await page.evaluate((u) => (window as unknown as Win).benchMount(u), url);
  return page;
}

/** One streamed answer, typing all along: keystroke-to-paint p95 and answer-complete milliseconds. */
async function streaming(sessionId: string | null) {
  process.stderr.write(`# streaming into ${sessionId ?? 'an empty session'}\n`);
  const page = await freshPage();
  if (sessionId) {
    const events = stored.get(sessionId)!;
    await page.evaluate(([s, t]) => (window as unknown as Win).benchOpen(s, t), [sessionId, lastTextOf(events)]);
    // The session is open once the window holds all of it (its older events follow the first paint).
    await page.waitForFunction(([s, n]) => (window as unknown as Win).benchHeld(s as string) >= (n as number), [
      sessionId,
      events.length,
    ] as const);
  }
  await page.click('[data-testid="chat-input"]');
  const finalText = `(live-${runCount + 1})`;
  let done = false;
  const answered = page
    .evaluate((t) => (window as unknown as Win).benchSend(t), finalText)
    .finally(() => {
      done = true;
    });
  while (!done) {
    await page.keyboard.press('x');
    await sleep(KEY_EVERY_MS);
  }
  const complete = await answered;
  const latencies = await page.evaluate(() => (window as unknown as Win).benchLatencies());
  await page.close();
  return { keystroke: p95(latencies), complete, keys: latencies.length };
}

function line(name: string, baseline: string, ours: number[], base: number[], targetRatio: number) {
  const o = median(ours);
  const b = median(base);
  console.log(
    JSON.stringify({
      name,
      ours_ms: round(o),
      baseline,
      baseline_ms: round(b),
      ratio: Math.round((o / b) * 1000) / 1000,
      target_ratio: targetRatio,
      runs: ours.length,
      ours_min_ms: round(Math.min(...ours)),
      ours_max_ms: round(Math.max(...ours)),
      baseline_min_ms: round(Math.min(...base)),
      baseline_max_ms: round(Math.max(...base)),
    }),
  );
}

try {
  await streaming(null);
  const big: Awaited<ReturnType<typeof streaming>>[] = [];
  const empty: Awaited<ReturnType<typeof streaming>>[] = [];
  for (let i = 0; i < RUNS; i++) {
    big.push(await streaming('big'));
    empty.push(await streaming(null));
  }
  process.stderr.write(`# keys typed per run: ${[...big, ...empty].map((r) => r.keys).join(' ')}\n`);
  line(
    'chat pane: keystroke-to-paint p95 while an answer streams, 20,000-event session (Chromium)',
    'the same in an empty session',
    big.map((r) => r.keystroke),
    empty.map((r) => r.keystroke),
    1.5,
  );
  line(
    `chat pane: answer complete on screen (${DELTAS} deltas ${DELTA_EVERY_MS} ms apart), 20,000-event session (Chromium)`,
    'the same in an empty session',
    big.map((r) => r.complete),
    empty.map((r) => r.complete),
    1.2,
  );
} finally {
  await browser.close();
  wss.close();
}
