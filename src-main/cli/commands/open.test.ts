import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildBundle } from '../../core/bundles/bundle-build';
import { spawnCli } from '../../core/testing/spawn-cli';
import type { TraceEvent } from '../../../shared/domain/trace';

const tmp = mkdtempSync(path.join(tmpdir(), 'ps-open-cmd-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const base = { runId: 'r1', at: 1, iteration: 0 };
const events: TraceEvent[] = [
  {
    ...base,
    seq: 0,
    type: 'run_started',
    sessionId: 's',
    personaId: 'p',
    personaName: 'P',
    engine: 'ovos-native-toolcall-loop',
    brain: 'ovos-chat-openai-plugin',
    model: 'm',
    maxIterations: 3,
    tools: [],
  },
  { ...base, seq: 1, type: 'user_message', content: 'hello' },
  {
    ...base,
    seq: 2,
    iteration: 1,
    type: 'assistant_message',
    content: 'Hi from the recording.',
    toolCalls: [],
    final: true,
    durationMs: 5,
    raw: null,
    warnings: [],
  },
  {
    ...base,
    seq: 3,
    iteration: 1,
    type: 'run_finished',
    answer: 'Hi from the recording.',
    iterations: 1,
    durationMs: 6,
  } as TraceEvent,
];

describe('persona-studio open', () => {
  it('--rerun opens the bundle in a fresh folder and re-runs it offline (the provider address is never reached)', async () => {
    const bundle = buildBundle({
      sessionId: 's',
      title: 'hello',
      events,
      personaId: 'p',
      personaVersion: null,
      persona: {
        name: 'P',
        handlers: ['ovos-native-toolcall-loop'],
        'ovos-native-toolcall-loop': { 'ovos-chat-openai-plugin': { model: 'm', api_url: 'http://127.0.0.1:9/v1' } },
      },
      appVersion: 'test',
    });
    const file = path.join(tmp, 'b.bundle.json');
    writeFileSync(file, JSON.stringify(bundle));
    const data = path.join(tmp, 'data');
    const { code, stdout, stderr } = await spawnCli(['open', file, '--rerun', '--data', data], path.join(tmp, 'home'))
      .done;
    expect(stderr).toBe('');
    expect(stdout).toContain(`Opened ${file} in ${data}`);
    expect(stdout).toContain('turn 1: Hi from the recording.');
    expect(code).toBe(0);
    expect(readdirSync(path.join(data, 'sessions')).filter((f) => f.endsWith('.jsonl'))).toHaveLength(2);
  }, 60_000);

  it('refuses a file that is not a bundle, saying so, with exit 1', async () => {
    const file = path.join(tmp, 'not.json');
    writeFileSync(file, JSON.stringify({ name: 'a persona' }));
    const { code, stderr } = await spawnCli(['open', file, '--rerun', '--data', path.join(tmp, 'd2')], tmp).done;
    expect(stderr).toContain('is not a Persona Studio run bundle');
    expect(code).toBe(1);
  }, 60_000);
});
