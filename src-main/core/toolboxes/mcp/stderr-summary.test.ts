import { describe, expect, it } from 'vitest';
import { MCPToolBox } from './mcp-toolbox';
import { summarizeStderr } from './stderr-summary';

const nodeCrash = `node:internal/modules/cjs/loader:1210
  throw err;
  ^

Error: Cannot find module '/nonexistent-x.js'
    at Module._resolveFilename (node:internal/modules/cjs/loader:1207:15)
    at node:internal/main/run_main_module:28:49 {
  code: 'MODULE_NOT_FOUND',
  requireStack: []
}

Node.js v20.20.2
`;

describe('MCP stderr summary (issue 11.18)', () => {
  it('keeps the error line of a crash, not its stack, brackets or version banner', () => {
    expect(summarizeStderr(nodeCrash)).toBe("Error: Cannot find module '/nonexistent-x.js'");
    expect(
      summarizeStderr(
        `Traceback (most recent call last):\n  File "<string>", line 1, in <module>\nModuleNotFoundError: No module named 'mcp'\n`,
      ),
    ).toBe("ModuleNotFoundError: No module named 'mcp'");
    expect(summarizeStderr('starting\nlistening on stdio\n')).toBe('starting | listening on stdio');
    expect(summarizeStderr('')).toBe('');
  });

  it('a server whose command crashes at start reports the crash line as its discovery error', async () => {
    const tb = new MCPToolBox({ config: { command: process.execPath, args: ['/nonexistent-x.js'], timeout: 10 } });
    try {
      await tb.ready;
      const message = tb.discoveryError?.message ?? '';
      expect(message).toContain("(its stderr: Error: Cannot find module '/nonexistent-x.js')");
      expect(message).not.toContain('Node.js v');
    } finally {
      await tb.close();
    }
  });
});
