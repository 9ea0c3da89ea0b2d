/** The MCP fixture server (trip planning), run over stdio with tsx. */
const MCP_FIXTURE = new URL('../toolboxes/mcp/fixtures/fixture-stdio.ts', import.meta.url).pathname;

/** A persona of the native loop with the math toolbox on an OpenAI-compatible brain at `apiUrl`. */
export function calcPersona(
  apiUrl: string,
  { model = 'm', brain = 'ovos-chat-openai-plugin', toolboxes = ['ovos-math-tools'] } = {},
) {
  return {
    name: 'Calc',
    handlers: ['ovos-native-toolcall-loop'],
    'ovos-native-toolcall-loop': { brain, toolboxes, [brain]: { model, api_url: apiUrl } },
  };
}

/**
 * A persona ("Trips") whose toolbox is the MCP fixture server over stdio (a program on this machine, so its tools
 * ask for approval) on an OpenAI-compatible brain at `apiUrl`; `extra` adds top-level keys.
 */
export function mcpFixturePersona(apiUrl: string, extra: Record<string, unknown> = {}) {
  return {
    name: 'Trips',
    handlers: ['ovos-native-toolcall-loop'],
    'ovos-native-toolcall-loop': {
      brain: 'ovos-chat-openai-plugin',
      toolboxes: ['ovos-mcp-toolbox:fx'],
      'ovos-mcp-toolbox:fx': { command: process.execPath, args: ['--import', 'tsx', MCP_FIXTURE] },
      'ovos-chat-openai-plugin': { model: 'm', api_url: apiUrl },
    },
    ...extra,
  };
}
