import { describe, expect, it } from 'vitest';
import { approvalFor, runsPrograms } from './approval';
import { Breakpoints, containsSubset, toolBreakpointHit } from './debug';

describe('conditional breakpoints', () => {
  it('match a JSON subset of the arguments: nested objects key by key, arrays and scalars as they are', () => {
    const args = { expression: '12*9', options: { precision: 2, mode: 'exact' }, list: [1, 2] };
    expect(containsSubset(args, {})).toBe(true);
    expect(containsSubset(args, { options: { precision: 2 } })).toBe(true);
    expect(containsSubset(args, { options: { precision: 3 } })).toBe(false);
    expect(containsSubset(args, { list: [1, 2] })).toBe(true);
    expect(containsSubset(args, { list: [1] })).toBe(false);
    expect(containsSubset(args, { missing: null })).toBe(false);
  });

  it('tools pause all calls when none are named; otherwise only the named ones or the matching conditions', () => {
    const all = Breakpoints.parse({ beforeTools: { enabled: true } });
    expect(toolBreakpointHit(all, 'anything', {})).toBe(true);
    const some = Breakpoints.parse({
      beforeTools: { enabled: true, tools: ['a'], conditions: [{ tool: 'b', argsContain: { x: 1 } }] },
    });
    expect(toolBreakpointHit(some, 'a', {})).toBe(true);
    expect(toolBreakpointHit(some, 'b', { x: 1, y: 2 })).toBe(true);
    expect(toolBreakpointHit(some, 'b', { x: 2 })).toBe(false);
    expect(toolBreakpointHit(Breakpoints.parse({ beforeTools: { tools: ['a'] } }), 'a', {})).toBe(false);
  });
});

describe('approval policy', () => {
  const stdio = { command: 'npx', args: ['server'] };
  it('toolboxes that run programs ask by default; the rest run', () => {
    expect(runsPrograms('ovos-mcp-toolbox:files', stdio)).toBe(true);
    expect(runsPrograms('ovos-mcp-toolbox', { transport: 'http', url: 'http://x' })).toBe(false);
    expect(approvalFor({}, 'ovos-mcp-toolbox:files', 'read', stdio)).toBe('ask');
    expect(approvalFor({}, 'ovos-math-tools', 'evaluate_expression', {})).toBe('auto');
  });

  it("the persona's persona_studio block says otherwise, per toolbox and per tool", () => {
    const persona = {
      persona_studio: {
        approval: {
          'ovos-mcp-toolbox:files': { mode: 'auto', tools: { write_file: 'ask' } },
          'ovos-math-tools': { mode: 'ask' },
        },
      },
    };
    expect(approvalFor(persona, 'ovos-mcp-toolbox:files', 'read_file', stdio)).toBe('auto');
    expect(approvalFor(persona, 'ovos-mcp-toolbox:files', 'write_file', stdio)).toBe('ask');
    expect(approvalFor(persona, 'ovos-math-tools', 'evaluate_expression', {})).toBe('ask');
  });
});
