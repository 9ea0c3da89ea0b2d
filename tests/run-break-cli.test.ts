import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { startScriptedOpenAIServer, type ScriptedServer } from '../src-main/core/testing/scripted-openai-server';
import { spawnCli } from '../src-main/core/testing/spawn-cli';
import { useTempDir } from '../src-main/core/testing/temp-dir';
import { mcpFixturePersona } from '../src-main/core/testing/personas';

/** `persona-studio run` as a process with piped stdin (no terminal): approval and breakpoints. */
const SPAWN_TIMEOUT = 60_000;
const tmp = useTempDir('run-break-cli');
let server: ScriptedServer;

/** A persona whose toolbox is an MCP server over stdio: a program, so its tools ask for approval. */
async function mcpPersona(apiUrl: string): Promise<string> {
  const file = path.join(tmp.path, `mcp-${Math.random().toString(36).slice(2)}.json`);
  await writeFile(file, JSON.stringify(mcpFixturePersona(apiUrl)));
  return file;
}

const cli = (args: string[], stdin: string) =>
  spawnCli(['run', '--yes', ...args], path.join(tmp.path, 'data'), { EDITOR: '', VISUAL: '' }, { text: stdin }).done;

const replies = () => [{ toolCalls: [{ name: 'fail_softly', arguments: { why: 'test' } }] }, { content: 'Done.' }];

describe('persona-studio run without a terminal', () => {
  it(
    "a tool whose approval is 'ask' is denied with a clear tool error; the model is told",
    async () => {
      server = await startScriptedOpenAIServer({ replies: replies() });
      try {
        const { code, stdout, stderr } = await cli([await mcpPersona(server.url), 'go'], '');
        // stderr only lists the program that --yes lets start (a different approval from the tool call's).
        expect(stderr).toContain('Starting them (--yes).');
        expect(code).toBe(0);
        expect(stdout).toContain('[approval_required]');
        const told = server.chatRequests[1].body.messages.at(-1).content as string;
        expect(told).toContain("tool 'fail_softly' needs the user's approval");
        expect(told).toContain('pass --approve');
      } finally {
        await server.close();
      }
    },
    SPAWN_TIMEOUT,
  );

  it(
    '--approve runs it',
    async () => {
      server = await startScriptedOpenAIServer({ replies: replies() });
      try {
        const { code, stdout } = await cli([await mcpPersona(server.url), 'go', '--approve'], '');
        expect(code).toBe(0);
        expect(stdout).toContain('← fail_softly');
        expect(stdout).not.toContain('approval_required');
      } finally {
        await server.close();
      }
    },
    SPAWN_TIMEOUT,
  );

  it(
    '--break reads its answers from the pipe; the end of the input stops the run',
    async () => {
      server = await startScriptedOpenAIServer({ replies: [...replies(), { content: 'unused' }] });
      try {
        const file = await mcpPersona(server.url);
        const piped = await cli([file, 'go', '--break', 'fail_softly', '--approve'], 'e\n{"why": "piped"}\n');
        expect(piped.code).toBe(0);
        expect(piped.stdout).toContain('‖ paused at fail_softly');
        expect(server.chatRequests[1].body.messages.at(-2).tool_calls[0].function.arguments).toBe('{"why":"piped"}');
        server.reset();
        server.setReplies(...replies());
        const ended = await cli([file, 'go', '--break', 'model'], '');
        expect(ended.code).toBe(130);
        expect(ended.stdout).toContain('(input ended: stopping the run)');
      } finally {
        await server.close();
      }
    },
    SPAWN_TIMEOUT,
  );
});
