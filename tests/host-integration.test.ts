import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { ErrorValue } from '../shared/domain/errors';
import type { TraceEvent } from '../shared/domain/trace';
import { ApiError, createClient, type ApiClient } from '../shared/ipc/client';
import { messagesOfFrame } from '../shared/ipc/envelope';
import { startScriptedOpenAIServer, type ScriptedServer } from '../src-main/core/testing/scripted-openai-server';
import { wsTransport, type SocketLike, type WsTransport } from '../src-renderer/transport/ws-transport';

let child: ChildProcess;
let home: string;
let port: number;
let token: string;
let provider: ScriptedServer;
const transports: WsTransport[] = [];

/** The renderer's own transport, over `ws`'s WebSocket with the Origin header a browser would send. */
function connect(options: { token?: string; origin?: string | null } = {}): ApiClient {
  const origin = options.origin === undefined ? `http://127.0.0.1:${port}` : options.origin;
  const createSocket = (url: string) =>
    new WebSocket(url, origin ? { headers: { Origin: origin } } : {}) as unknown as SocketLike;
  const transport = wsTransport(`ws://127.0.0.1:${port}/api`, options.token ?? token, { createSocket });
  transports.push(transport);
  return createClient(transport);
}

/** The error value a call failed with (the test fails when it succeeds). */
async function failure(call: Promise<unknown>): Promise<ErrorValue> {
  const outcome = await call.then(
    (output) => ({ output }),
    (error: unknown) => ({ error }),
  );
  if (!('error' in outcome)) throw new Error(`expected a failure, got ${JSON.stringify(outcome.output)}`);
  expect(outcome.error).toBeInstanceOf(ApiError);
  return (outcome.error as ApiError).value;
}

/** The HTTP status a raw upgrade attempt gets (101 when accepted). */
function upgradeStatus(query: string, origin?: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/api${query}`, origin ? { headers: { Origin: origin } } : {});
    ws.on('open', () => {
      ws.close();
      resolve(101);
    });
    ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
    ws.on('error', (error) => (error.message.includes('Unexpected server response') ? undefined : reject(error)));
  });
}

beforeAll(async () => {
  provider = await startScriptedOpenAIServer();
  home = mkdtempSync(path.join(os.tmpdir(), 'ps-host-'));
  child = spawn(process.execPath, ['bin/persona-studio.js', 'serve', '--port', '0', '--no-open', '--no-build'], {
    env: { ...process.env, PERSONA_STUDIO_HOME: home },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  const line = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const match = /Persona Studio is running at (\S+)/.exec(out);
      if (match) resolve(match[1]);
    });
    child.on('exit', (code) => reject(new Error(`serve exited (${code}): ${stderr}`)));
  });
  const url = new URL(line);
  expect(url.hostname).toBe('127.0.0.1');
  port = Number(url.port);
  token = url.searchParams.get('token')!;
  expect(token.length).toBeGreaterThanOrEqual(40);
});

afterAll(async () => {
  for (const t of transports) t.close();
  if (child && child.exitCode === null) {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
  await provider?.close();
});

describe('persona-studio serve', () => {
  it('answers calls over the WebSocket with the token, on the data folder it was given', async () => {
    const client = connect();
    const info = await client.call('app.info', {});
    expect(info).toMatchObject({ mode: 'browser', dataDir: home });
    const { personas, broken } = await client.call('personas.list', {});
    expect(personas.map((p) => p.id)).toEqual(['assistant']);
    expect(broken).toEqual([]);
  });

  it('refuses the WebSocket without the token, with a wrong one, or from a foreign Origin; nothing runs', async () => {
    expect(await upgradeStatus(`?token=${token}`, `http://127.0.0.1:${port}`)).toBe(101);
    expect(await upgradeStatus(`?token=${token}`)).toBe(101);
    expect(await upgradeStatus('', `http://127.0.0.1:${port}`)).toBe(401);
    expect(await upgradeStatus(`?token=${token.slice(0, -1)}x`, `http://localhost:${port}`)).toBe(401);
    expect(await upgradeStatus(`?token=${token}`, 'https://evil.example')).toBe(403);
    expect(await upgradeStatus(`?token=${token}`, `http://127.0.0.1:${port + 1}`)).toBe(403);

    for (const client of [
      connect({ token: '' }),
      connect({ token: 'wrong' }),
      connect({ origin: 'http://evil.example' }),
    ]) {
      const error = await client.call('personas.delete', { id: 'assistant' }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ApiError);
      expect((error as ApiError).code).toBe('forbidden');
      expect((error as ApiError).message).toMatch(/token in the page address is missing or wrong/);
    }
    const { personas } = await connect().call('personas.list', {});
    expect(personas.map((p) => p.id)).toEqual(['assistant']);
  });

  it('listens on 127.0.0.1 only: other addresses of this machine get no answer', async () => {
    const others = Object.values(os.networkInterfaces())
      .flat()
      .filter((a) => a && !a.internal && a.family === 'IPv4')
      .map((a) => a!.address);
    for (const address of others) {
      await expect(fetch(`http://${address}:${port}/`)).rejects.toThrow();
    }
    expect((await fetch(`http://127.0.0.1:${port}/`)).headers.get('content-security-policy')).toBeTruthy();
  });

  it('serves the page over HTTP with the CSP as a header, allowing only its own WebSocket origins', async () => {
    const res = await fetch(`http://127.0.0.1:${port}/`);
    const csp = res.headers.get('content-security-policy')!;
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain(`connect-src 'self' ws://127.0.0.1:${port} ws://localhost:${port}`);
    expect(csp).not.toContain('unsafe-eval');
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    expect([200, 503]).toContain(res.status);
    expect((await fetch(`http://127.0.0.1:${port}/..%2f..%2fpackage.json`)).status).not.toBe(200);
  });

  it('returns bad_input with issues, and a tool call error with the tool code and its issues', async () => {
    const client = connect();
    const bad = await failure(client.call('personas.get', { id: '../secrets' }));
    expect(bad).toMatchObject({ code: 'bad_input', details: { issues: [{ path: ['id'] }] } });
    const ok = await client.call('tools.call', {
      toolboxId: 'ovos-math-tools',
      name: 'evaluate_expression',
      arguments: { expression: '12*9' },
    });
    expect(ok.result).toEqual({ result: 108, expression: '12*9', error: null });
    const invalid = await failure(
      client.call('tools.call', { toolboxId: 'ovos-math-tools', name: 'evaluate_expression', arguments: { expr: 1 } }),
    );
    expect(invalid.code).toBe('tool_input_invalid');
    expect((invalid.details as { issues: { path: string[] }[] }).issues.length).toBeGreaterThan(0);
  });

  it('chat.send answers with the run id at once and streams the trace; the session file keeps it', async () => {
    provider.setReplies(
      { toolCalls: [{ name: 'evaluate_expression', arguments: { expression: '12*9' } }] },
      { content: '12 times 9 is 108.' },
    );
    const client = connect();
    const seed = JSON.parse(readFileSync('examples/native_toolcall_persona.json', 'utf8'));
    seed['ovos-native-toolcall-loop']['ovos-chat-openai-plugin'].api_url = `${provider.url}/chat/completions`;
    const { record } = await client.call('personas.import', {
      text: JSON.stringify(seed),
      fileName: 'calculator.json',
    });
    expect(record.secretsSet).toHaveLength(1);

    const events: TraceEvent[] = [];
    const finished = new Promise<void>((resolve) => {
      client.on('chat.trace', ({ event }) => {
        events.push(event);
        if (event.type === 'run_finished' || event.type === 'run_failed') resolve();
      });
    });
    const { runId, sessionId } = await client.call('chat.send', { personaId: record.id, message: 'What is 12*9?' });
    await finished;
    expect(events.every((e) => e.runId === runId)).toBe(true);
    const types = events.map((e) => e.type).filter((t) => t !== 'answer_delta');
    expect(types).toEqual([
      'run_started',
      'user_message',
      'memory_context',
      'assistant_message',
      'tool_started',
      'tool_result',
      'assistant_message',
      'run_finished',
    ]);
    expect(events.find((e) => e.type === 'tool_result')).toMatchObject({
      name: 'evaluate_expression',
      result: { result: 108 },
    });
    expect(events.at(-1)).toMatchObject({ type: 'run_finished', answer: '12 times 9 is 108.' });
    expect(provider.chatRequests).toHaveLength(2);
    expect(provider.chatRequests[0].headers.authorization).toBe('Bearer not-needed-for-local');

    const { session, events: stored } = await client.call('chat.loadSession', { sessionId });
    expect(session.personaId).toBe(record.id);
    expect(stored.map((e) => e.seq)).toEqual(events.map((e) => e.seq));
    // Reopened, the window gets what it was sent live (same order, same form).
    expect(stored).toEqual(events);
    const { sessions } = await client.call('chat.sessions', { personaId: record.id });
    expect(sessions.map((s) => s.sessionId)).toEqual([sessionId]);
  });
});

describe('a misbehaving client', () => {
  it('gets bad_input for frames that are not requests, and an oversized frame only closes its own socket', async () => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/api?token=${token}`);
    await new Promise((resolve) => ws.once('open', resolve));
    const answers: unknown[] = [];
    ws.on('message', (d) => answers.push(...messagesOfFrame(JSON.parse(d.toString()))));
    ws.send('not json');
    ws.send(JSON.stringify({ id: 9, nomethod: true }));
    await expect.poll(() => answers.length).toBe(2);
    expect(answers).toEqual([
      { id: 0, ok: false, error: { code: 'bad_input', message: 'A request must be JSON.' } },
      { id: 9, ok: false, error: { code: 'bad_input', message: 'Malformed request envelope.' } },
    ]);
    const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
    ws.send('x'.repeat(17 * 1024 * 1024));
    expect(await closed).toBe(1009);
    expect(await connect().call('app.info', {})).toMatchObject({ mode: 'browser' });
  });
});
