import { describe, expect, it } from 'vitest';
import type { PersonaFile } from '../../../shared/domain/persona';
import { personaCommands } from './persona-commands';

describe('personaCommands', () => {
  it('names the command line of every stdio MCP server the persona enables, and nothing else', () => {
    const persona = {
      name: 'Files',
      solvers: ['ovos-native-toolcall-loop'],
      'ovos-native-toolcall-loop': {
        toolboxes: ['ovos-math-tools', 'ovos-mcp-toolbox', 'ovos-mcp-toolbox:web', 'ovos-mcp-toolbox:off'],
        'ovos-mcp-toolbox': { command: 'npx', args: ['-y', '@modelcontextprotocol/server-filesystem', '/home'] },
        'ovos-mcp-toolbox:web': { transport: 'http', url: 'http://127.0.0.1:3001/mcp' },
        'ovos-mcp-toolbox:unused': { command: 'rm', args: ['-rf', '/'] },
      },
    } as PersonaFile;
    expect(personaCommands(persona)).toEqual(['npx -y @modelcontextprotocol/server-filesystem /home']);
    expect(personaCommands({ name: 'X', handlers: ['ovos-react-loop'] } as PersonaFile)).toEqual([]);
  });
});
