import { describe, expect, it } from 'vitest';
import { ToolRegistry, qualifiedName } from './tool-registry';
import { addTool, FailingTools, MathTools, ScriptedTools } from './test-fixtures';

async function registryOf(...toolboxes: ConstructorParameters<typeof ToolRegistry>[0]) {
  const registry = new ToolRegistry(toolboxes);
  await registry.ready();
  return registry;
}

describe('ToolRegistry', () => {
  it('offers unique tool names as they are', async () => {
    const registry = await registryOf(new MathTools(), new FailingTools());
    expect(registry.entries().map((e) => [e.modelName, e.toolbox.toolboxId, e.renamedBecause])).toEqual([
      ['add', 'math_tools', undefined],
      ['fail', 'failing_tools', undefined],
    ]);
    expect(registry.openaiTools().map((t) => t.function.name)).toEqual(['add', 'fail']);
    expect(registry.resolve('fail')?.toolbox.toolboxId).toBe('failing_tools');
    expect(registry.find('math_tools')?.toolboxId).toBe('math_tools');
    expect(registry.find('nope')).toBeNull();
  });

  it('renames clashing tools to <toolbox>__<tool> and says why', async () => {
    const other = new ScriptedTools(() => [addTool], { toolboxId: 'ovos-math-tools' });
    const registry = await registryOf(new MathTools(), other, new FailingTools());
    const infos = registry.toolInfos();
    expect(infos.map((t) => t.modelName)).toEqual(['math_tools__add', 'ovos-math-tools__add', 'fail']);
    expect(infos[0].renamedBecause).toBe(
      "'add' is also a tool of 'ovos-math-tools'; the model sees it as 'math_tools__add'.",
    );
    expect(infos[1].renamedBecause).toBe(
      "'add' is also a tool of 'math_tools'; the model sees it as 'ovos-math-tools__add'.",
    );
    expect(infos[0].name).toBe('add');
    expect(infos[0].openai).toEqual({
      type: 'function',
      function: { name: 'math_tools__add', description: 'Add two integers.', parameters: infos[0].argument_schema },
    });
    expect(registry.resolve('ovos-math-tools__add')?.toolbox).toBe(other);
    expect(registry.resolve('add')).toBeNull();
  });

  it('keeps qualified names within the OpenAI rule', () => {
    expect(qualifiedName('my.box/v2', 'get-sum')).toBe('my_box_v2__get-sum');
    const long = qualifiedName('t'.repeat(60), 'tool_name');
    expect(long).toHaveLength(64);
    expect(long.endsWith('__tool_name')).toBe(true);
    expect(long).toMatch(/^[a-zA-Z0-9_-]{1,64}$/);
  });
});
