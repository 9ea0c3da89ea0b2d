/**
 * The tool path, side by side with the bare libraries doing the same calls:
 *  (a) an MCP tool call through executeToolCall (MCPToolBox over stdio: validation, result mapping, the text for
 *      the model, the tool timeout) against the MCP SDK's Client.callTool with a timeout and an abort signal of its
 *      own (a call that can be cancelled, as the app's), each to its own copy of the same server: server-everything's
 *      `echo`, and the fixture server's `plan_trip` (a nested schema: $ref, anyOf, oneOf). Ours gets the run's
 *      signal as the loop passes it (it was called without one, which skipped the cancel wiring the app pays for);
 *      both sides validate the structuredContent of plan_trip (the SDK does, against its outputSchema: the raw
 *      client with its default Ajv, ours with an eval-free validator, as MCP schemas are untrusted input);
 *  (b) a bus round trip (a request and its response, through our bus server: WebSocketBus clients) against a
 *      relay of raw `ws` sockets with the same two hops (client -> relay -> responder -> relay -> client).
 * Per call; each line three times, the median ratio printed with its min and max. Our side is our code as the app
 * builds it (as-built.ts: without tsx's keepNames, whose per-closure cost neither the app nor the SDK pays).
 */
import WebSocket, { WebSocketServer } from 'ws';
import { importAsBuilt } from './as-built';
import { comparePair, type Contender } from './harness';
import { EVERYTHING, FIXTURE, mcpSides, TRIP } from './mcp-sides';
import { printLine, threeRuns } from './three-runs';

const ours = await importAsBuilt<typeof import('./tool-path-ours')>('bench/tool-path-ours.ts');
const { Message, WebSocketBus, startBusServer } = ours;

const CALLS = 20;

/** One MCP tool, called through executeToolCall (as the loop does, with the tool timeout) and through the SDK. */
async function mcpLine(name: string, server: string, args: string[], tool: string, input: Record<string, unknown>) {
  const sides = await mcpSides(ours, args, tool, input, CALLS);
  try {
    return await threeRuns(() =>
      comparePair({
        name,
        baseline: `@modelcontextprotocol/sdk Client.callTool (stdio, ${server})`,
        targetRatio: 1.1,
        ours: sides.ours,
        theirs: sides.theirs,
        iterationsPerRun: CALLS,
        // 1,000 calls a side before measuring, so both are optimized (200 left the JIT tiering up in the batches).
        warmupRuns: 50,
        // Short batches, many of them (same calls in all): the median resists a loaded machine's bursts.
        runsPerBatch: 3,
        batches: 23,
      }),
    );
  } finally {
    await sides.close();
  }
}

/** A relay of raw sockets: every frame to every client, as our bus server, without reading it. */
async function rawRelay(): Promise<{ url: string; close: () => Promise<void> }> {
  const wss = new WebSocketServer({ host: '127.0.0.1', port: 0, path: '/core' });
  await new Promise<void>((resolve) => wss.once('listening', resolve));
  wss.on('connection', (socket) =>
    socket.on('message', (raw, isBinary) => {
      const frame = isBinary ? raw : raw.toString();
      for (const c of wss.clients) if (c.readyState === c.OPEN) c.send(frame);
    }),
  );
  const { port } = wss.address() as { port: number };
  return {
    url: `ws://127.0.0.1:${port}/core`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const c of wss.clients) c.terminate();
        wss.close(() => resolve());
      }),
  };
}

async function rawSocket(url: string): Promise<WebSocket> {
  const socket = new WebSocket(url);
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  return socket;
}

const PAYLOAD = { utterance: 'what time is it', lang: 'en-US', values: [1, 2, 3] };

async function busLine() {
  const server = await startBusServer({ port: 0 });
  const asker = new WebSocketBus(server.url, { reconnect: false });
  const responder = new WebSocketBus(server.url, { reconnect: false });
  await Promise.all([asker.connect(), responder.connect()]);
  responder.on('bench.ping', (m) => responder.emit(m.response({ ...m.data, answered: true })));
  let answered: (() => void) | null = null;
  asker.on('bench.ping.response', () => answered?.());

  const relay = await rawRelay();
  const rawAsker = await rawSocket(relay.url);
  const rawResponder = await rawSocket(relay.url);
  rawResponder.on('message', (raw) => {
    const m = JSON.parse(raw.toString()) as { type: string; data: Record<string, unknown>; context: object };
    if (m.type !== 'bench.ping') return;
    rawResponder.send(
      JSON.stringify({ type: 'bench.ping.response', data: { ...m.data, answered: true }, context: m.context }),
    );
  });
  let rawAnswered: (() => void) | null = null;
  rawAsker.on('message', (raw) => {
    const m = JSON.parse(raw.toString()) as { type: string };
    if (m.type === 'bench.ping.response') rawAnswered?.();
  });

  const ours: Contender = {
    async run() {
      for (let i = 0; i < CALLS; i++) {
        const done = new Promise<void>((resolve) => (answered = resolve));
        asker.emit(new Message('bench.ping', PAYLOAD, { source: 'bench' }));
        await done;
      }
      return 0;
    },
  };
  const theirs: Contender = {
    async run() {
      for (let i = 0; i < CALLS; i++) {
        const done = new Promise<void>((resolve) => (rawAnswered = resolve));
        rawAsker.send(
          JSON.stringify({
            type: 'bench.ping',
            data: PAYLOAD,
            context: { source: 'bench', session: { session_id: 'default' } },
          }),
        );
        await done;
      }
      return 0;
    },
  };
  try {
    return await threeRuns(() =>
      comparePair({
        name: 'bus-round-trip',
        baseline: 'raw ws relay, same two hops (ws 8)',
        targetRatio: 1.3,
        ours,
        theirs,
        iterationsPerRun: CALLS,
        warmupRuns: 20,
        runsPerBatch: 20,
        batches: 7,
      }),
    );
  } finally {
    await Promise.all([asker.close(), responder.close()]);
    rawAsker.terminate();
    rawResponder.terminate();
    await Promise.all([server.close(), relay.close()]);
  }
}

async function main() {
  const only = process.env.BENCH_ONLY;
  if (!only || only === 'mcp') {
    printLine(
      await mcpLine('mcp-call-execute-tool-call', 'server-everything echo', EVERYTHING, 'echo', { message: 'hi' }),
    );
    printLine(
      await mcpLine(
        'mcp-call-execute-tool-call-nested-schema',
        'fixture server plan_trip: $ref, anyOf, oneOf',
        FIXTURE,
        'plan_trip',
        TRIP,
      ),
    );
  }
  if (!only || only === 'bus') printLine(await busLine());
}

main().catch((error) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
