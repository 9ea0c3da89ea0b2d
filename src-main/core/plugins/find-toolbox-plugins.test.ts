import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { InProcessBus } from '../bus/in-process-bus';
import { ToolBox } from '../toolbox';
import { findToolboxPlugins } from './find-toolbox-plugins';
import { callOnBus } from '../testing/bus-call';

const example = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../examples/toolbox-plugin');
const temps: string[] = [];
afterEach(() => {
  for (const dir of temps.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function dataDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'ps-plugins-'));
  temps.push(dir);
  mkdirSync(path.join(dir, 'plugins'));
  return dir;
}

/** Writes a package with the given toolbox declarations and files. */
function writePackage(dir: string, name: string, toolboxes: unknown, files: Record<string, string>): void {
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    path.join(dir, 'package.json'),
    JSON.stringify({ name, version: '1.0.0', type: 'module', opm: { 'agents.toolbox': toolboxes } }),
  );
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  }
}

const CLASS_PLUGIN = `
export const notAClass = 42;
export function factoryOfNothing() { return { nope: true }; }
export function throwingFactory() { throw new Error('factory exploded'); }
export default function (sdk) {
  return class Echo extends sdk.ToolBox {
    discoverTools() {
      return [sdk.defineTool({ name: 'echo', description: 'Echo.', argumentSchema: sdk.ToolArguments.extend({ text: sdk.z.string() }), outputSchema: sdk.ToolOutput.extend({ text: sdk.z.string() }), toolCall: ({ text }) => ({ text }) })];
    }
  };
}
`;

describe('findToolboxPlugins', () => {
  it('installs the example plugin into the data folder, discovers and calls it', async () => {
    const home = dataDir();
    cpSync(example, path.join(home, 'plugins', 'greeting-tools'), { recursive: true });
    const found = await findToolboxPlugins({ dataDir: home, nodeModulesDirs: [] });
    expect(found.errors).toEqual([]);
    expect(Object.keys(found.plugins)).toEqual(['greeting-tools']);
    expect(found.origins['greeting-tools'].packageName).toBe('persona-studio-greeting-tools');
    const Greeting = found.plugins['greeting-tools'];
    expect(Greeting.title).toBe('Greetings');
    expect(Greeting.configSchema).toMatchObject({ properties: { punctuation: { type: 'string' } } });

    const bus = new InProcessBus();
    const tb = new Greeting({ config: { punctuation: '!!' }, bus });
    expect(tb).toBeInstanceOf(ToolBox);
    expect(tb.toolboxId).toBe('greeting-tools');
    expect(await tb.callTool('greet', { name: 'Ana', language: 'pt' })).toEqual({
      greeting: 'Olá, Ana!!',
      language: 'pt',
    });
    expect(await tb.callTool('greet', { name: 'Bo' })).toEqual({ greeting: 'Hello, Bo!!', language: 'en' });
    await expect(tb.callTool('greet', { name: 'Bo', language: 'xx' })).rejects.toThrow(
      "Tool input validation failed for 'greet' in ToolBox 'greeting-tools'",
    );
    expect(tb.toolJsonList[0].argument_schema).toMatchObject({
      properties: { name: { type: 'string', description: 'Who to greet.' } },
      required: ['name'],
    });

    const reply = await callOnBus(
      bus,
      'greeting-tools',
      { name: 'greet', kwargs: { name: 'Cy', language: 'de' } },
      1000,
    );
    expect(reply).toEqual({
      result: { greeting: 'Hallo, Cy!!', language: 'de' },
      toolbox_id: 'greeting-tools',
    });
  });

  it('finds packages in <data>/plugins/node_modules (scoped too) and in given node_modules folders', async () => {
    const home = dataDir();
    cpSync(example, path.join(home, 'plugins', 'node_modules', '@acme', 'greetings'), { recursive: true });
    const other = dataDir();
    writePackage(
      path.join(other, 'node_modules', 'echo-plugin'),
      'echo-plugin',
      { 'echo-tools': './index.js' },
      { 'index.js': CLASS_PLUGIN },
    );
    const found = await findToolboxPlugins({ dataDir: home, nodeModulesDirs: [path.join(other, 'node_modules')] });
    expect(found.errors).toEqual([]);
    expect(Object.keys(found.plugins).sort()).toEqual(['echo-tools', 'greeting-tools']);
    const echo = new found.plugins['echo-tools']();
    expect(echo.toolboxId).toBe('echo-tools');
    expect(found.plugins['echo-tools'].name).toBe('Echo');
    expect(await echo.callTool('echo', { text: 'hi' })).toEqual({ text: 'hi' });
    expect(new found.plugins['echo-tools']({ toolboxId: 'echo-2' }).toolboxId).toBe('echo-2');
  });

  it('accepts a class export that extends ToolBox directly', async () => {
    const home = dataDir();
    const toolboxModule = pathToFileHref(
      path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../toolbox/index.ts'),
    );
    writePackage(
      path.join(home, 'plugins', 'direct'),
      'direct',
      { direct: './index.mjs#Direct' },
      {
        'index.mjs': `const { ToolBox } = await import(${JSON.stringify(toolboxModule)});\nexport class Direct extends ToolBox { static defaultId = 'direct'; discoverTools() { return []; } }\n`,
      },
    );
    const found = await findToolboxPlugins({ dataDir: home, nodeModulesDirs: [] });
    expect(found.errors).toEqual([]);
    expect(new found.plugins.direct().toolboxId).toBe('direct');
  });

  it('reports each broken plugin with its id and error, and still loads the good ones', async () => {
    const home = dataDir();
    const plugins = path.join(home, 'plugins');
    cpSync(example, path.join(plugins, 'greeting-tools'), { recursive: true });
    writePackage(
      path.join(plugins, 'zz-broken'),
      'broken-plugins',
      {
        'missing-file': './dist/nope.js#X',
        'missing-export': './index.js#Nope',
        'not-a-class': './index.js#notAClass',
        'factory-returns-junk': './index.js#factoryOfNothing',
        'factory-throws': './index.js#throwingFactory',
        'throws-on-import': './boom.js',
        'syntax-error': './bad.js#X',
        'bad-entry': 42,
        'escapes-package': '../../etc/passwd.js#X',
        'greeting-tools': './index.js',
      },
      {
        'index.js': CLASS_PLUGIN,
        'boom.js': "throw new Error('import-time failure');\n",
        'bad.js': 'export const X = ;\n',
      },
    );
    mkdirSync(path.join(plugins, 'unreadable'));
    writeFileSync(path.join(plugins, 'unreadable', 'package.json'), '{ not json');

    const found = await findToolboxPlugins({ dataDir: home, nodeModulesDirs: [] });
    expect(Object.keys(found.plugins)).toEqual(['greeting-tools']);
    expect(found.origins['greeting-tools'].packageName).toBe('persona-studio-greeting-tools');
    const byId = Object.fromEntries(found.errors.map((e) => [e.id, e.error]));
    expect(Object.keys(byId).sort()).toEqual(
      [
        'bad-entry',
        'escapes-package',
        'factory-returns-junk',
        'factory-throws',
        'greeting-tools',
        'missing-export',
        'missing-file',
        'not-a-class',
        'syntax-error',
        'throws-on-import',
        'unreadable',
      ].sort(),
    );
    const where = "Plugin 'missing-file' (package 'broken-plugins')";
    expect(byId['missing-file']).toMatchObject({
      code: 'not_found',
      message: `${where}: file './dist/nope.js' not found in ${path.join(plugins, 'zz-broken')}.`,
    });
    expect(byId['missing-export'].message).toBe(
      "Plugin 'missing-export' (package 'broken-plugins'): './index.js' has no export 'Nope' (exports: default, factoryOfNothing, notAClass, throwingFactory).",
    );
    expect(byId['not-a-class'].message).toBe(
      "Plugin 'not-a-class' (package 'broken-plugins'): export 'notAClass' is number, not a ToolBox subclass or a factory (sdk) => ToolBox subclass.",
    );
    expect(byId['factory-returns-junk'].message).toMatch(
      /factory 'factoryOfNothing' did not return a ToolBox subclass/,
    );
    expect(byId['factory-throws'].message).toMatch(/factory 'throwingFactory' threw: factory exploded/);
    expect(byId['throws-on-import'].message).toMatch(/importing '\.\/boom\.js' failed: import-time failure/);
    expect(byId['syntax-error'].message).toMatch(/importing '\.\/bad\.js' failed: /);
    expect(byId['bad-entry'].message).toMatch(/the entry must be a string/);
    expect(byId['escapes-package'].message).toMatch(/points outside the package/);
    expect(byId['greeting-tools'].message).toBe(
      "Plugin id 'greeting-tools' is declared by 'persona-studio-greeting-tools' and 'broken-plugins'; using 'persona-studio-greeting-tools'.",
    );
    expect(byId.unreadable.message).toMatch(/^Cannot read .*package\.json: /);
  });

  it("scans the app's own node_modules by default without errors, and a missing data folder is fine", async () => {
    const found = await findToolboxPlugins({ dataDir: path.join(tmpdir(), 'ps-does-not-exist-xyz') });
    expect(found.errors).toEqual([]);
    expect(found.plugins).toEqual({});
  });
});

function pathToFileHref(p: string): string {
  return new URL(`file://${p}`).href;
}
