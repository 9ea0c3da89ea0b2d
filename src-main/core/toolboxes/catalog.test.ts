import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { isZodSchema } from '../toolbox/schema';
import { BUILTIN_TOOLBOXES } from './builtin';
import { loadToolboxCatalog } from './catalog';

const example = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../examples/toolbox-plugin');
const home = mkdtempSync(path.join(tmpdir(), 'ps-catalog-'));
afterAll(() => rmSync(home, { recursive: true, force: true }));

describe('loadToolboxCatalog', () => {
  it('lists the built-ins with their sources, then plugins; a plugin cannot shadow a built-in id', async () => {
    cpSync(example, path.join(home, 'plugins', 'greeting-tools'), { recursive: true });
    const shadow = path.join(home, 'plugins', 'shadow');
    mkdirSync(shadow, { recursive: true });
    writeFileSync(
      path.join(shadow, 'package.json'),
      JSON.stringify({
        name: 'shadow-math',
        type: 'module',
        opm: { 'agents.toolbox': { 'ovos-math-tools': './index.js#make' } },
      }),
    );
    writeFileSync(
      path.join(shadow, 'index.js'),
      'export const make = (sdk) => class extends sdk.ToolBox { discoverTools() { return []; } };\n',
    );

    const catalog = await loadToolboxCatalog({ dataDir: home, nodeModulesDirs: [] });
    const sources = Object.fromEntries(Object.values(catalog.toolboxes).map((d) => [d.id, d.source]));
    expect(sources).toMatchObject({
      'ovos-math-tools': 'builtin',
      'ovos-clock-tools': 'builtin',
      'ovos-mcp-toolbox': 'mcp',
      'greeting-tools': 'plugin',
    });
    expect(Object.keys(catalog.toolboxes).slice(0, BUILTIN_TOOLBOXES.length)).toEqual(
      BUILTIN_TOOLBOXES.map((c) => c.id),
    );
    expect(catalog.toolboxes['ovos-math-tools']).toBe(BUILTIN_TOOLBOXES[0]);
    expect(catalog.errors).toEqual([
      {
        id: 'ovos-math-tools',
        error: {
          code: 'bad_input',
          message:
            "Plugin 'ovos-math-tools' (package 'shadow-math') uses the id of a built-in toolbox; it was not loaded.",
          details: { packageName: 'shadow-math', packageDir: shadow },
        },
      },
    ]);
  });

  it('works without a data folder', async () => {
    const catalog = await loadToolboxCatalog({ nodeModulesDirs: [] });
    expect(Object.keys(catalog.toolboxes)).toEqual(BUILTIN_TOOLBOXES.map((c) => c.id));
    expect(catalog.errors).toEqual([]);
  });
});

/** Its tools are the SKILL.md files its config lists: none without config (skill-md.test.ts covers them). */
const TOOLS_FROM_CONFIG = ['ovos-skill-md-toolbox'];
const NO_ARGUMENT_TOOLS = ['ovos-clock-tools/get_current_datetime'];

describe('built-in tool schemas', () => {
  it('every zod tool of every built-in toolbox has its properties in argument_schema (no empty schemas)', async () => {
    let checked = 0;
    for (const Cls of BUILTIN_TOOLBOXES) {
      if (Cls.source !== 'builtin' || TOOLS_FROM_CONFIG.includes(Cls.id)) continue;
      const tb = Cls.create({ toolboxId: Cls.id });
      await tb.ready;
      expect(tb.tools.size, `${Cls.id} has tools`).toBeGreaterThan(0);
      for (const json of tb.toolJsonList) {
        const tool = tb.tools.get(json.name)!;
        expect(json.argument_schema.type).toBe('object');
        if (isZodSchema(tool.argumentSchema)) {
          expect(Object.keys(json.argument_schema.properties as object), `${Cls.id}/${json.name}`).toEqual(
            Object.keys(tool.argumentSchema.shape),
          );
          // OVOS's get_current_datetime takes no arguments (GetCurrentDatetimeArgs has no fields).
          if (!NO_ARGUMENT_TOOLS.includes(`${Cls.id}/${json.name}`))
            expect(
              Object.keys(tool.argumentSchema.shape).length,
              `${Cls.id}/${json.name} takes arguments`,
            ).toBeGreaterThan(0);
        }
        if (isZodSchema(tool.outputSchema)) {
          expect(Object.keys(json.output_schema.properties as object)).toEqual(Object.keys(tool.outputSchema.shape));
        }
        expect(json.description.length).toBeGreaterThan(10);
        checked++;
      }
    }
    expect(checked).toBeGreaterThanOrEqual(8);
  });
});
