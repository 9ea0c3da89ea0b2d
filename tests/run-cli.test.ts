import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { TraceEvent } from '../shared/domain/trace';
import { startScriptedOpenAIServer, type ScriptedServer } from '../src-main/core/testing/scripted-openai-server';
import { spawnCli } from '../src-main/core/testing/spawn-cli';
import { exampleAt } from '../src-main/core/testing/personas';
import { useTempDir } from '../src-main/core/testing/temp-dir';
import type { ChildProcess } from 'node:child_process';

/** Each test spawns the CLI (tsx compiles on start): seconds on a busy 2-core machine. */
const SPAWN_TIMEOUT = 60_000;
const tmp = useTempDir('run-cli');

/** The seed example with only api_url changed. */
const examplePointingAt = (apiUrl: string) => exampleAt('native_toolcall_persona.json', apiUrl, tmp.path);

function cli(args: string[], onStdout?: (text: string, child: ChildProcess) => void) {
  const p = spawnCli(args, path.join(tmp.path, 'data'), {}, 'ignore');
  if (onStdout) p.child.stdout!.on('data', () => onStdout(p.output().stdout, p.child));
  return p.done;
}

async function withServer<T>(
  replies: Parameters<typeof startScriptedOpenAIServer>[0],
  body: (server: ScriptedServer) => Promise<T>,
): Promise<T> {
  const server = await startScriptedOpenAIServer(replies);
  try {
    return await body(server);
  } finally {
    await server.close();
  }
}

const calcReplies = {
  replies: [
    { toolCalls: [{ name: 'evaluate_expression', arguments: { expression: '12*9' } }] },
    { content: '12*9 = 108.' },
  ],
};

describe('persona-studio run', () => {
  it(
    'answers 108 from evaluate_expression in exactly 2 provider requests, printing the trace',
    async () => {
      await withServer(calcReplies, async (server) => {
        const file = await examplePointingAt(`${server.url}/chat/completions`);
        const { code, stdout, stderr } = await cli(['run', file, 'What is 12*9?']);
        expect(stderr).toBe('');
        expect(code).toBe(0);
        expect(server.chatRequests).toHaveLength(2);
        expect(stdout).toContain('Calculator · ovos-native-toolcall-loop · ovos-chat-openai-plugin (qwen2.5)');
        expect(stdout).toMatch(
          /\[1\/5\] assistant \d+ ms\n\[1\/5\] {3}→ evaluate_expression\(\{"expression":"12\*9"\}\)/,
        );
        expect(stdout).toMatch(
          /\[1\/5\] {3}← evaluate_expression \d+ ms: \{"result":108,"expression":"12\*9","error":null\}/,
        );
        expect(stdout).toMatch(/\[2\/5\] answer> 12\*9 = 108\./);
        expect(stdout).toMatch(/done in \d+ ms, 2 iterations/);
        const tool = server.chatRequests[1].body.messages.find((m: { role: string }) => m.role === 'tool');
        expect(tool).toMatchObject({ name: 'evaluate_expression', tool_call_id: 'call_1' });
        expect(tool.content).toContain('108');
      });
    },
    SPAWN_TIMEOUT,
  );

  it(
    '--json prints the trace events as JSON lines',
    async () => {
      await withServer(calcReplies, async (server) => {
        const file = await examplePointingAt(server.url);
        const { code, stdout } = await cli(['run', file, 'What is 12*9?', '--json']);
        expect(code).toBe(0);
        const events = stdout
          .trim()
          .split('\n')
          .map((line) => TraceEvent.parse(JSON.parse(line)));
        expect(events.map((e) => e.seq)).toEqual(events.map((_, i) => i));
        expect(events[0].type).toBe('run_started');
        expect(events.at(-1)).toMatchObject({ type: 'run_finished', answer: '12*9 = 108.', iterations: 2 });
        expect(events.find((e) => e.type === 'tool_result')).toMatchObject({
          name: 'evaluate_expression',
          result: { result: 108 },
        });
      });
    },
    SPAWN_TIMEOUT,
  );

  it(
    'exits 1 when the run fails, 2 on bad input',
    async () => {
      const invalid = path.join(tmp.path, 'invalid.json');
      await writeFile(invalid, JSON.stringify({ name: 'X', handlers: ['ovos-unknown-loop'] }));
      await withServer({ replies: [{ status: 500 }] }, async (server) => {
        const [failed, missing, bad] = await Promise.all([
          cli(['run', await examplePointingAt(server.url), 'What is 12*9?']),
          cli(['run', path.join(tmp.path, 'nope.json'), 'hi']),
          cli(['run', invalid, 'hi']),
        ]);
        expect(failed.code).toBe(1);
        expect(failed.stderr).toMatch(/run failed after \d+ ms \[brain_bad_response\]/);
        expect(missing.code).toBe(2);
        expect(missing.stderr).toContain('Cannot read persona file');
        expect(bad.code).toBe(2);
        expect(bad.stderr).toMatch(/Unknown engine 'ovos-unknown-loop'/);
      });
    },
    SPAWN_TIMEOUT,
  );

  it(
    'Ctrl-C cancels the run cleanly',
    async () => {
      await withServer({ replies: [{ hang: true }] }, async (server) => {
        let sent = false;
        const result = await cli(['run', await examplePointingAt(server.url), 'What is 12*9?'], (stdout, child) => {
          if (!sent && stdout.includes('you> ')) {
            sent = true;
            setTimeout(() => child.kill('SIGINT'), 200);
          }
        });
        expect(result.code).toBe(130);
        expect(result.stderr).toMatch(/run cancelled after .*Interrupted \(Ctrl-C\)/);
      });
    },
    SPAWN_TIMEOUT,
  );
});
