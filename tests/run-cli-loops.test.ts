import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { startScriptedOpenAIServer } from '../src-main/core/testing/scripted-openai-server';
import { spawnCli } from '../src-main/core/testing/spawn-cli';
import { exampleAt } from '../src-main/core/testing/personas';
import { useTempDir } from '../src-main/core/testing/temp-dir';

/** The CLI compiles with tsx on start: seconds on a busy machine. */
const SPAWN_TIMEOUT = 60_000;
const tmp = useTempDir('run-cli-loops');

const cli = (args: string[]) => spawnCli(args, path.join(tmp.path, 'data'), {}, 'ignore').done;

describe('persona-studio run with a multi-phase loop', () => {
  it(
    "runs OVOS's Reflexion persona (api_url changed) to exit 0 and prints the episode tree",
    async () => {
      const server = await startScriptedOpenAIServer({
        replies: [
          { content: 'Thought: guess.\nFINAL_ANSWER: 5' },
          { content: 'UNSATISFACTORY\nThe sum is wrong.' },
          { content: 'Reflection: I guessed; compute it.' },
          { content: 'Thought: 2+2.\nFINAL_ANSWER: 4' },
          { content: 'SATISFACTORY\nCorrect.' },
        ],
      });
      try {
        const file = await exampleAt('ovos/reflexion_persona.json', `${server.url}/chat/completions`, tmp.path);
        const { code, stdout, stderr } = await cli(['run', file, 'What is 2+2?']);
        expect(stderr).toBe('');
        expect(code).toBe(0);
        expect(server.chatRequests).toHaveLength(5);
        expect(stdout).toContain('Reflexion · ovos-reflexion-loop · ovos-chat-openai-plugin (llama3)\n');
        expect(stdout).toMatch(
          /▸ Episode 1 of 3\n {2}▸ Iteration 1 of 10\n {4}assistant \d+ ms, 10\+\d+ tokens: Thought: guess\. ⏎ FINAL_ANSWER: 5\n/,
        );
        expect(stdout).toContain('  ▸ Reflection\n');
        expect(stdout).toContain('    = Reflection: I guessed; compute it.\n');
        expect(stdout).toContain('  = 5  [unsatisfactory]\n▸ Episode 2 of 3\n');
        expect(stdout).toContain('  = 4  [satisfactory]\nanswer> 4\n');
        expect(stdout).not.toContain('▸ Episode 3');
        expect(stdout).toMatch(/answer> 4\ndone in .+, 2 iterations, 50 prompt \+ \d+ completion tokens\n$/);
      } finally {
        await server.close();
      }
    },
    SPAWN_TIMEOUT,
  );
});
