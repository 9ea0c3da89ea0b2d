import { describe, expect, it } from 'vitest';
import { PersonaSuite } from './persona-suite';

describe('PersonaSuite', () => {
  it('fills defaults: live brain and tools, one run that must pass', () => {
    const suite = PersonaSuite.parse({
      persona: 'p.json',
      cases: [{ name: 'c', turns: ['hi'], assertions: [{ type: 'no_tool_errors' }] }],
    });
    expect(suite.cases[0]).toMatchObject({ brain: 'live', tools: {}, repeat: 1, threshold: 1 });
  });

  it('refuses unknown assertion kinds and keys', () => {
    const bad = (a: unknown) =>
      PersonaSuite.safeParse({ persona: 'p', cases: [{ name: 'c', turns: ['hi'], assertions: [a] }] }).success;
    expect(bad({ type: 'tool_caled', tool: 'x' })).toBe(false);
    expect(bad({ type: 'tool_called', tool: 'x', time: 1 })).toBe(false);
    expect(bad({ type: 'tool_called', tool: 'x', times: 1 })).toBe(true);
  });
});
