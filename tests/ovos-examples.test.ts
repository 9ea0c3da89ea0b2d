import path from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { runCommand } from '../src-main/cli/commands/run';
import { startScriptedOpenAIServer, type ScriptedReply } from '../src-main/core/testing/scripted-openai-server';
import { exampleAt } from '../src-main/core/testing/personas';
import { useTempDir } from '../src-main/core/testing/temp-dir';

/** OVOS's example personas (examples/ovos/) run with only api_url changed, in process through `persona-studio run`. */
const tmp = useTempDir('ovos-examples');

/** The example with `api_url` pointed at `url` (and `patch` applied to the engine block, when given). */
const example = (file: string, url: string, patch: Record<string, unknown> = {}) =>
  exampleAt(`ovos/${file}`, url, tmp.path, patch);

async function run(file: string, replies: ScriptedReply[], patch?: Record<string, unknown>) {
  const server = await startScriptedOpenAIServer({ replies });
  try {
    let stdout = '';
    let stderr = '';
    const code = await runCommand([await example(file, `${server.url}/chat/completions`, patch), 'What is 2+2?'], {
      stdin: Readable.from([]),
      isTTY: false,
      out: (t) => (stdout += t),
      err: (t) => (stderr += t),
      env: { ...process.env, PERSONA_STUDIO_HOME: path.join(tmp.path, 'data') },
    });
    const bodies = server.chatRequests.map((r) => r.body as Record<string, unknown>);
    return { code, stdout, stderr, bodies };
  } finally {
    await server.close();
  }
}

describe("OVOS's example personas, only api_url changed", () => {
  it('Reasoner (solvers: ovos-chain-of-thought) answers in one request carrying its temperature and max_tokens', async () => {
    const r = await run('chain_of_thought_persona.json', [{ content: 'Step 1: 2+2 is 4.\nFINAL ANSWER: 4' }]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.bodies).toHaveLength(1);
    expect(r.bodies[0]).toMatchObject({ model: 'llama3', temperature: 0.6, max_tokens: 1024 });
    const messages = r.bodies[0].messages as { role: string; content: string }[];
    expect(messages[0].content).toMatch(
      /^You are a careful, methodical reasoning assistant\..*\n\nThink through the problem/s,
    );
    expect(r.stdout).toContain('Reasoner · ovos-chain-of-thought');
    expect(r.stdout).toContain('answer> 4');
  });

  it('Calculator (ovos-native-toolcall-loop + ovos-math-tools) computes with its tool', async () => {
    const r = await run('native_toolcall_persona.json', [
      { toolCalls: [{ name: 'evaluate_expression', arguments: { expression: '2+2' } }] },
      { content: '2+2 = 4.' },
    ]);
    expect(r.code).toBe(0);
    expect(r.bodies).toHaveLength(2);
    expect(r.stdout).toMatch(/← evaluate_expression \d+ ms: .*4/);
  });

  it('Reflexion (ovos-reflexion-loop + ovos-web-search-tools) reaches its engine and brain keys; its tree prints', async () => {
    const r = await run('reflexion_persona.json', [
      { content: 'FINAL_ANSWER: 5' },
      { content: 'UNSATISFACTORY\nWrong.' },
      { content: 'Reflection: add again.' },
      { content: 'FINAL_ANSWER: 4' },
      { content: 'SATISFACTORY' },
    ]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.bodies).toHaveLength(5);
    for (const body of r.bodies) expect(body).toMatchObject({ model: 'llama3', temperature: 0.4, max_tokens: 1024 });
    const system = (r.bodies[0].messages as { content: string }[])[0].content;
    expect(system).toContain('"name": "web_search"');
    expect(r.stdout).toContain('tools: web_search\n');
    expect(r.stdout).toContain('▸ Episode 1 of 3\n  ▸ Iteration 1 of 10\n');
    expect(r.stdout).toMatch(
      /\n {2}▸ Answer: 5\n {2}▸ Verdict\n {4}assistant \d+ ms, 10\+\d+ tokens: UNSATISFACTORY ⏎ Wrong\.\n {4}= UNSATISFACTORY ⏎ Wrong\. {2}\[unsatisfactory\]\n {2}▸ Reflection\n/,
    );
    expect(r.stdout).toMatch(/done in .*, 2 iterations, 50 prompt \+ \d+ completion tokens\n$/);
    expect(r.stdout).toContain('▸ Episode 2 of 3');
    expect(r.stdout).toContain('answer> 4');
  });

  it('Researcher (ovos-react-loop + ovos-web-search-tools + ovos-clock-tools) asks the clock and answers', async () => {
    const r = await run('research_assistant_persona.json', [
      { content: 'Thought: I need the date.\nAction: get_current_datetime\nAction Input: {}' },
      { content: 'Thought: done.\nFINAL_ANSWER: It is today.' },
    ]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.bodies).toHaveLength(2);
    expect(r.bodies[0]).toMatchObject({ model: 'llama3', temperature: 0.3, max_tokens: 1024 });
    expect(r.stdout).toMatch(/tools: .*web_search.*get_current_datetime|tools: .*get_current_datetime.*web_search/);
    expect(r.stdout).toMatch(/\[1\/6\] {3}← get_current_datetime \d+ ms: .*iso/);
    expect(r.stdout).toContain('answer> It is today.');
  });
});
