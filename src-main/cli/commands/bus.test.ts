import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { spawnCli } from '../../core/testing/spawn-cli';
import { afterAll, describe, expect, it } from 'vitest';
import { WebSocketBus } from '../../core/bus/ws-bus-client';
import { startBusServer } from '../../core/bus/ws-bus-server';
import { callOnBus } from '../../core/testing/bus-call';

const home = mkdtempSync(path.join(tmpdir(), 'ps-bus-cli-'));
afterAll(() => rmSync(home, { recursive: true, force: true }));

function start(...args: string[]) {
  return startWith({}, ...args);
}

function startWith(env: Record<string, string>, ...args: string[]) {
  const proc = spawnCli(['bus', ...args], home, env);
  const { child, exited } = proc;
  const line = (pattern: RegExp) =>
    new Promise<RegExpExecArray>((resolve, reject) => {
      const check = () => {
        const m = pattern.exec(proc.output().stdout);
        if (m) resolve(m);
      };
      child.stdout!.on('data', check);
      check();
      void exited.then((code) => {
        const { stdout, stderr } = proc.output();
        reject(new Error(`exited ${code}: ${stdout}${stderr}`));
      });
    });
  return { child, exited, line, output: proc.output };
}

describe('persona-studio bus', { timeout: 30_000 }, () => {
  it('--connect joins an existing bus and serves the installed toolboxes there', async () => {
    const server = await startBusServer({ port: 0 });
    const agent = new WebSocketBus(server.url);
    try {
      const proc = start('--connect', server.url);
      await proc.line(/^Joined the OVOS bus at ws:\/\/127\.0\.0\.1:\d+\/core$/m);
      await agent.connect();
      const reply = await callOnBus(agent, 'ovos-clock-tools', { name: 'day_of_week', kwargs: { date: '2024-03-15' } });
      expect(reply).toEqual({
        result: { date: '2024-03-15', day_of_week: 'Friday', iso_weekday: 5, day_of_year: 75, iso_week: 11 },
        toolbox_id: 'ovos-clock-tools',
      });
      proc.child.kill('SIGINT');
      expect(await proc.exited).toBe(0);
    } finally {
      await agent.close();
      await server.close();
    }
  });

  it('hosting on another port, its own bus toolbox asks that bus, not ws://127.0.0.1:8181/core (issue 11.4)', async () => {
    const proc = start('--port', '0');
    const [, url] = await proc.line(/^OVOS bus at (ws:\/\/127\.0\.0\.1:\d+\/core)$/m);
    const { stdout, stderr } = proc.output();
    const busLine = stdout.split('\n').find((l) => l.includes('ovos-bus-toolbox'));
    expect(busLine).toBe('skipped ovos-bus-toolbox: no tools');
    expect(stdout + stderr).not.toContain('127.0.0.1:8181/');
    expect(url).not.toContain(':8181/');
    proc.child.kill('SIGTERM');
    expect(await proc.exited).toBe(0);
  });

  it('PERSONA_STUDIO_BUS_SECRET_KEY: the hosted bus takes only encrypted messages and its tools answer them', async () => {
    const secretKey = 'k'.repeat(32);
    const proc = startWith({ PERSONA_STUDIO_BUS_SECRET_KEY: secretKey }, '--port', '0');
    const [, url] = await proc.line(/^OVOS bus at (ws:\/\/127\.0\.0\.1:\d+\/core)$/m);
    const agent = new WebSocketBus(url, { secretKey });
    try {
      await agent.connect();
      const reply = await callOnBus(agent, 'ovos-clock-tools', { name: 'day_of_week', kwargs: { date: '2024-03-15' } });
      expect(reply.result).toMatchObject({ day_of_week: 'Friday' });
    } finally {
      await agent.close();
      proc.child.kill('SIGTERM');
      expect(await proc.exited).toBe(0);
    }
  });

  it('bad options exit 2 with a message; an unreachable bus too', async () => {
    const [badPort, both, unreachable] = [
      start('--port', 'abc'),
      start('--port', '0', '--connect', 'ws://127.0.0.1:1/core'),
      start('--connect', 'ws://127.0.0.1:1/core'),
    ];
    expect(await badPort.exited).toBe(2);
    expect(badPort.output().stderr).toBe("--port must be a port number (0-65535), not 'abc'.\n");
    expect(await both.exited).toBe(2);
    expect(both.output().stderr).toMatch(/^Use either --port/);
    expect(await unreachable.exited).toBe(2);
    expect(unreachable.output().stderr).toMatch(/^Cannot connect to the bus at ws:\/\/127\.0\.0\.1:1\/core: /);
  });
});
