import { describe, expect, it } from 'vitest';
import { disabledToolsOf, withToolEnabled } from './tool-switches';

describe('per-tool switches in the persona_studio block', () => {
  const persona = {
    name: 'P',
    handlers: ['e'],
    persona_studio: { approval: { files: { mode: 'ask' as const } }, tools: { disabled: ['math/b'], note: 1 } },
  };

  it('adds a key once, sorted, and keeps every other setting of the block', () => {
    const off = withToolEnabled(withToolEnabled(persona, 'files', 'write', false), 'files', 'write', false);
    expect(off.persona_studio).toEqual({
      approval: { files: { mode: 'ask' } },
      tools: { disabled: ['files/write', 'math/b'], note: 1 },
    });
    expect(disabledToolsOf(off)).toEqual(new Set(['files/write', 'math/b']));
    expect(persona.persona_studio.tools.disabled).toEqual(['math/b']);
  });

  it('removes the key, then an emptied list and block', () => {
    const bare = withToolEnabled({ name: 'P', persona_studio: { tools: { disabled: ['math/b'] } } }, 'math', 'b', true);
    expect(bare).toEqual({ name: 'P' });
    expect(withToolEnabled(persona, 'math', 'b', true).persona_studio).toEqual({
      approval: { files: { mode: 'ask' } },
      tools: { note: 1 },
    });
  });
});
