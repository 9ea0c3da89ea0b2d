import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { PersonaSuite } from '../../../../../shared/domain/persona-suite';
import { startScriptedOpenAIServer, type ScriptedServer } from '../../../testing/scripted-openai-server';
import { BUILTIN_TOOLBOXES } from '../../../toolboxes/builtin';
import type { ToolboxDescriptor } from '../../../toolboxes/toolbox-descriptor';
import { runSuites } from '../run-suite';

/**
 * A suite runner's test set-up: a scripted server, a data folder with the persona `calc.json` (math tools, the
 * server's brain), the built-in toolboxes with the math toolbox's live calls counted, and `run(cases)`.
 */
export function useSuiteKit() {
  /** Every call the live math toolbox ran, by tool name. */
  const liveCalls: string[] = [];
  const toolboxes: Record<string, ToolboxDescriptor> = Object.fromEntries(
    BUILTIN_TOOLBOXES.map((d) => [
      d.id,
      d.id !== 'ovos-math-tools'
        ? d
        : {
            ...d,
            create: (options) => {
              const tb = d.create(options);
              const callTool = tb.callTool.bind(tb);
              tb.callTool = (name, ...rest) => {
                liveCalls.push(name);
                return callTool(name, ...rest);
              };
              return tb;
            },
          },
    ]),
  );
  const kit = {
    server: null as unknown as ScriptedServer,
    dir: '',
    liveCalls,
    toolboxes,
    run: (cases: unknown[]) =>
      runSuites(
        [{ file: path.join(kit.dir, 'calc.suite.json'), suite: PersonaSuite.parse({ persona: 'calc.json', cases }) }],
        { dataDir: kit.dir, toolboxes },
      ),
    evaluateTurns: (expression: string, answer: string) => ({
      replay: [{ toolCalls: [{ name: 'evaluate_expression', arguments: { expression } }] }, { content: answer }],
    }),
  };
  beforeAll(async () => {
    kit.server = await startScriptedOpenAIServer();
    kit.dir = mkdtempSync(path.join(tmpdir(), 'suite-'));
    writeFileSync(
      path.join(kit.dir, 'calc.json'),
      JSON.stringify({
        name: 'Calc',
        handlers: ['ovos-native-toolcall-loop'],
        'ovos-native-toolcall-loop': {
          brain: 'ovos-chat-openai-plugin',
          toolboxes: ['ovos-math-tools'],
          'ovos-chat-openai-plugin': { model: 'm', api_url: `${kit.server.url}/chat/completions`, api_key: 'k' },
        },
      }),
    );
  });
  afterEach(() => {
    kit.server.reset();
    liveCalls.length = 0;
  });
  afterAll(async () => {
    await kit.server.close();
    rmSync(kit.dir, { recursive: true, force: true });
  });
  return kit;
}
