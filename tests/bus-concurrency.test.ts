import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';

/**
 * `persona-studio bus` as a real child process, driven by a plain `ws` client the way an OVOS Python agent
 * would: discover the built-in toolboxes, call one, then 1,000 concurrent calls that must each get one answer.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
let child: ChildProcess;
let home: string;
let url: string;
let stdout = '';

type Frame = { type: string; data: Record<string, unknown>; context: Record<string, unknown> };

beforeAll(async () => {
  home = mkdtempSync(path.join(tmpdir(), 'ps-bus-'));
  child = spawn(process.execPath, [path.join(root, 'bin', 'persona-studio.js'), 'bus', '--port', '0'], {
    cwd: root,
    env: { ...process.env, PERSONA_STUDIO_HOME: home },
  });
  child.stderr!.on('data', (d) => process.stderr.write(d));
  url = await new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', (d) => {
      stdout += d;
      const m = /^OVOS bus at (ws:\/\/127\.0\.0\.1:\d+\/core)$/m.exec(stdout);
      if (m) resolve(m[1]);
    });
    child.once('exit', (code) => reject(new Error(`bus exited early (${code}): ${stdout}`)));
  });
}, 30_000);

afterAll(() => {
  if (child.exitCode === null) child.kill('SIGKILL');
  rmSync(home, { recursive: true, force: true });
});

async function connect(): Promise<{ socket: WebSocket; frames: Frame[] }> {
  const socket = new WebSocket(url);
  const frames: Frame[] = [];
  socket.on('message', (d) => frames.push(JSON.parse(d.toString())));
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  return { socket, frames };
}

const send = (socket: WebSocket, type: string, data: object = {}, context: object = {}) =>
  socket.send(JSON.stringify({ type, data, context }));

async function until(check: () => boolean, ms: number): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('persona-studio bus over a real WebSocket', () => {
  it('prints what it binds and the URL', () => {
    expect(stdout).toMatch(
      /^bound ovos-math-tools \(4 tools: evaluate_expression, unit_convert, statistics_summary, solve_equation\)$/m,
    );
    expect(stdout).toMatch(/^bound ovos-clock-tools \(4 tools: /m);
    expect(stdout).toMatch(/^skipped ovos-mcp-toolbox: no tools/m);
  });

  it('a separate ws client discovers the built-in toolboxes and calls a tool; malformed frames are dropped', async () => {
    const { socket, frames } = await connect();
    send(socket, 'ovos.persona.tools.discover', {}, { source: 'agent', destination: 'tools' });
    await until(() => frames.filter((f) => f.type === 'ovos.persona.tools.discover.response').length >= 2, 5000);
    await new Promise((r) => setTimeout(r, 200));
    const answers = frames.filter((f) => f.type === 'ovos.persona.tools.discover.response');
    expect(answers.map((f) => f.data.toolbox_id).sort()).toEqual(['ovos-clock-tools', 'ovos-math-tools']);
    const math = answers.find((f) => f.data.toolbox_id === 'ovos-math-tools')!;
    expect((math.data.tools as { name: string }[]).map((t) => t.name)).toEqual([
      'evaluate_expression',
      'unit_convert',
      'statistics_summary',
      'solve_equation',
    ]);
    // Responses carry the session of the bus client that sends them, as ovos-bus-client's emit adds it.
    expect(math.context).toEqual({ source: 'tools', destination: 'agent', session: { session_id: 'default' } });

    socket.send('this is not json');
    socket.send(JSON.stringify({ type: 'x', data: 'not an object' }));
    frames.length = 0;
    send(socket, 'ovos.persona.tools.ovos-math-tools.call', {
      name: 'evaluate_expression',
      kwargs: { expression: '12*9' },
    });
    // As ovos-messagebus, the bus relays the call back to its sender too: the answer is the .response frame.
    const responses = () => frames.filter((f) => f.type.endsWith('.response'));
    await until(() => responses().length === 1, 5000);
    expect(frames.map((f) => f.type)).toContain('ovos.persona.tools.ovos-math-tools.call');
    expect(responses()[0]).toEqual({
      type: 'ovos.persona.tools.ovos-math-tools.call.response',
      data: { result: { result: 108, expression: '12*9', error: null }, toolbox_id: 'ovos-math-tools' },
      context: { session: { session_id: 'default' } },
    });

    frames.length = 0;
    send(socket, 'ovos.persona.tools.ovos-math-tools.call', { name: 'nonexistent', kwargs: {} });
    await until(() => responses().length === 1, 5000);
    expect(responses()[0].data).toEqual({
      error: "ValueError: Unknown tool 'nonexistent' for ToolBox 'ovos-math-tools'.",
      toolbox_id: 'ovos-math-tools',
    });
    socket.close();
  }, 20_000);

  it('1,000 concurrent calls each get exactly one answer with the right result', async () => {
    const { socket, frames: all } = await connect();
    // Our own 1,000 calls come back too (the bus relays to the sender, as ovos-messagebus): count the answers.
    const answered = () => all.filter((f) => f.type.endsWith('.response'));
    const N = 1000;
    for (let i = 0; i < N; i++) {
      const context = { source: 'agent', destination: 'tools', session: { session_id: `s-${i}` } };
      if (i % 2)
        send(
          socket,
          'ovos.persona.tools.ovos-math-tools.call',
          { name: 'evaluate_expression', kwargs: { expression: `${i} * 3` } },
          context,
        );
      else
        send(
          socket,
          'ovos.persona.tools.ovos-math-tools.call',
          { name: 'unit_convert', kwargs: { value: i, from_unit: 'km', to_unit: 'm' } },
          context,
        );
    }
    await until(() => answered().length >= N, 15_000);
    await new Promise((r) => setTimeout(r, 300));
    const frames = answered();
    expect(frames).toHaveLength(N);
    expect(all).toHaveLength(2 * N);
    const bySession = new Map<string, Frame[]>();
    for (const f of frames) {
      const id = (f.context.session as { session_id: string }).session_id;
      bySession.set(id, [...(bySession.get(id) ?? []), f]);
    }
    for (let i = 0; i < N; i++) {
      const answers = bySession.get(`s-${i}`) ?? [];
      expect(answers, `session s-${i}`).toHaveLength(1);
      const [a] = answers;
      expect(a.type).toBe('ovos.persona.tools.ovos-math-tools.call.response');
      expect(a.context).toMatchObject({ source: 'tools', destination: 'agent' });
      expect((a.data.result as { result: number }).result).toBe(i % 2 ? i * 3 : i * 1000);
    }
    socket.close();
  }, 30_000);

  it('stops cleanly on SIGTERM', async () => {
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(stdout).toMatch(/^Stopping\.$/m);
  }, 10_000);
});
