import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startScriptedOpenAIServer, type ScriptedServer } from '../../core/testing/scripted-openai-server';
import { breakpointsFrom, runCommand, type RunIO } from './run';

/** `persona-studio run --break` in a terminal, with the terminal's input and output injected. */
const root = path.resolve(__dirname, '../../..');
const home = mkdtempSync(path.join(os.tmpdir(), 'ps-run-break-'));
const saved = process.env.PERSONA_STUDIO_HOME;
let server: ScriptedServer;

beforeAll(() => {
  process.env.PERSONA_STUDIO_HOME = path.join(home, 'data');
});
afterAll(() => {
  if (saved === undefined) delete process.env.PERSONA_STUDIO_HOME;
  else process.env.PERSONA_STUDIO_HOME = saved;
});
afterEach(async () => {
  await server?.close();
});

function personaFile(apiUrl: string, extra: Record<string, unknown> = {}): string {
  const json = JSON.parse(readFileSync(path.join(root, 'examples/native_toolcall_persona.json'), 'utf8'));
  json['ovos-native-toolcall-loop']['ovos-chat-openai-plugin'].api_url = apiUrl;
  Object.assign(json, extra);
  const file = path.join(home, `calc-${Math.random().toString(36).slice(2)}.json`);
  writeFileSync(file, JSON.stringify(json));
  return file;
}

/** Runs the command with `answers` typed one line each time it asks (a terminal), collecting what it prints. */
async function runWith(args: string[], answers: string[], env: NodeJS.ProcessEnv = {}, extra: Partial<RunIO> = {}) {
  const stdin = new PassThrough();
  let stdout = '';
  let stderr = '';
  let asked = 0;
  const io: RunIO = {
    stdin,
    isTTY: true,
    out: (t) => {
      stdout += t;
      // A prompt ends with '? ' or '> ': type the next answer, as a person would.
      if (/(\? |> )$/.test(t) && !/answer> $/.test(t)) {
        const line = answers[asked++];
        if (line === undefined) stdin.end();
        else setImmediate(() => stdin.write(`${line}\n`));
      }
    },
    err: (t) => void (stderr += t),
    env,
    ...extra,
  };
  const code = await runCommand(args, io);
  return { code, stdout, stderr };
}

const calc = (expression: string) => ({
  toolCalls: [{ name: 'evaluate_expression', arguments: { expression } }],
});

describe('persona-studio run: the persona and the prompt', () => {
  it('a forgotten persona or prompt, an unquoted prompt or an empty one is said in words before the usage (exit 2)', async () => {
    const first = async (args: string[]) => {
      const { code, stderr } = await runWith(args, []);
      expect(code).toBe(2);
      expect(stderr).toContain('Usage: persona-studio run');
      return stderr.split('\n')[0];
    };
    expect(await first([])).toBe('Give the persona (a file or an id) and the prompt.');
    expect(await first(['What is 2+2?'])).toBe(
      "Got only 'What is 2+2?': run needs the persona (a file or an id), then the prompt.",
    );
    expect(await first(['assistant', 'What', 'is', '2+2?'])).toBe(
      'Got 4 arguments: put the prompt in quotes, e.g. persona-studio run assistant "What is 2+2?".',
    );
    expect(await first(['assistant', '  '])).toBe('The prompt is empty.');
    expect(await first(['assistant', 'Hi', '--nope'])).toBe('Unknown option --nope.');
  });
});

describe('persona-studio run --break', () => {
  it('a toolbox that is not installed is said on stderr, and the persona runs without it', async () => {
    server = await startScriptedOpenAIServer({ replies: [{ content: 'Hello.' }] });
    const file = personaFile(server.url);
    const json = JSON.parse(readFileSync(file, 'utf8'));
    json['ovos-native-toolcall-loop'].toolboxes.push('weather-tools');
    writeFileSync(file, JSON.stringify(json));
    const { code, stdout, stderr } = await runWith([file, 'Hi'], []);
    expect(code).toBe(0);
    expect(stderr).toContain("toolbox 'weather-tools' is not installed here: the persona runs without its tools");
    expect(stdout).toContain('Hello.');
    const tools = (server.chatRequests[0].body.tools as Array<{ function: { name: string } }>).map(
      (t) => t.function.name,
    );
    expect(tools).toContain('evaluate_expression');
  });

  it('--break values become breakpoints', () => {
    expect(breakpointsFrom(['tools']).beforeTools).toEqual({ enabled: true, tools: [], conditions: [] });
    expect(breakpointsFrom(['model', 'unit_convert'])).toMatchObject({
      beforeModel: true,
      beforeTools: { enabled: true, tools: ['unit_convert'] },
    });
  });

  it('edit: the arguments as one JSON line; the tool runs with them and the model gets their result', async () => {
    server = await startScriptedOpenAIServer({ replies: [calc('12*9'), { content: '12*10 = 120.' }] });
    const { code, stdout } = await runWith(
      [personaFile(server.url), 'What is 12*9?', '--break', 'evaluate_expression'],
      ['e', '{"expression": "12*10"}'],
    );
    expect(code).toBe(0);
    expect(stdout).toContain('‖ paused at evaluate_expression [call_1]: breakpoint');
    expect(stdout).toContain('arguments: {"expression":"12*9"}');
    expect(stdout).toContain('(edited: the model asked {"expression":"12*9"}');
    const tool = server.chatRequests[1].body.messages.at(-1);
    expect(JSON.parse(tool.content)).toMatchObject({ result: 120 });
    expect(server.chatRequests[1].body.messages.at(-2).tool_calls[0].function.arguments).toBe('{"expression":"12*10"}');
  });

  it('bad JSON and arguments that fail the schema are refused; it asks again', async () => {
    server = await startScriptedOpenAIServer({ replies: [calc('12*9'), { content: 'ok' }] });
    const { code, stdout } = await runWith(
      [personaFile(server.url), 'q', '--break', 'tools'],
      ['e', '{oops', 'e', '{"expression": 5}', 'frobnicate', 'c'],
    );
    expect(code).toBe(0);
    expect(stdout).toContain('Not valid JSON');
    expect(stdout).toContain("The arguments do not fit tool 'evaluate_expression'.");
    expect(stdout).toContain("'frobnicate' is not a choice here.");
    expect(JSON.parse(server.chatRequests[1].body.messages.at(-1).content)).toMatchObject({ result: 108 });
  });

  it('mock and deny: the tool does not run; the model gets the mocked result, then the denial', async () => {
    server = await startScriptedOpenAIServer({ replies: [calc('1+1'), calc('2+2'), { content: 'ok' }] });
    const { code } = await runWith(
      [personaFile(server.url), 'q', '--break', 'tools'],
      ['m', '{"result": 3, "expression": "1+1", "error": null}', 'd', 'wrong question'],
    );
    expect(code).toBe(0);
    expect(server.chatRequests[1].body.messages.at(-1).content).toBe('{"result":3,"expression":"1+1","error":null}');
    expect(server.chatRequests[2].body.messages.at(-1).content).toBe(
      "Error: the user denied the call to tool 'evaluate_expression': wrong question",
    );
  });

  it("in a terminal, a tool whose approval is 'ask' pauses for approval; run approves it", async () => {
    server = await startScriptedOpenAIServer({ replies: [calc('2+2'), { content: '4' }] });
    const ask = { persona_studio: { approval: { 'ovos-math-tools': { mode: 'ask' } } } };
    const { code, stdout } = await runWith([personaFile(server.url, ask), 'q'], ['r']);
    expect(code).toBe(0);
    expect(stdout).toContain('‖ paused at evaluate_expression [call_1]: needs approval');
    expect(JSON.parse(server.chatRequests[1].body.messages.at(-1).content)).toMatchObject({ result: 4 });
  });

  it('quit stops the run (exit 130) and nothing more is sent', async () => {
    server = await startScriptedOpenAIServer({ replies: [calc('1+1'), { content: 'never' }] });
    const { code, stderr } = await runWith([personaFile(server.url), 'q', '--break', 'tools'], ['q']);
    expect(code).toBe(130);
    expect(stderr).toContain('run cancelled');
    expect(server.chatRequests).toHaveLength(1);
  });

  it('--break model with $EDITOR: the request opens in the editor and the provider receives the edit', async () => {
    server = await startScriptedOpenAIServer({ replies: [{ content: 'Arr.' }] });
    const { code, stdout } = await runWith(
      [personaFile(server.url), 'hi', '--break', 'model'],
      ['e'],
      { EDITOR: 'fake-editor' },
      {
        runEditor: (editor, file) => {
          expect(editor).toBe('fake-editor');
          const request = JSON.parse(readFileSync(file, 'utf8'));
          request.messages[0].content = 'Talk like a pirate.';
          request.tools = [];
          writeFileSync(file, JSON.stringify(request));
        },
      },
    );
    expect(code).toBe(0);
    expect(stdout).toContain('‖ paused before the model request (iteration 1): 2 message(s), 4 tool(s)');
    expect(stdout).toContain('the request was edited before it was sent');
    expect(server.chatRequests[0].body.messages[0].content).toBe('Talk like a pirate.');
    expect(server.chatRequests[0].body.tools).toBeUndefined();
  });
});
