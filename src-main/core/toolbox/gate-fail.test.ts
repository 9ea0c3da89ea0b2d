import { describe, expect, it, vi } from 'vitest';
import { executeToolCall } from './execute-tool-call';
import { MathTools } from './test-fixtures';
import { ToolRegistry } from './tool-registry';

describe("a gate's fail decision", () => {
  it('answers the error without running the tool, marked as mocked', async () => {
    const math = new MathTools();
    const callTool = vi.spyOn(math, 'callTool');
    const out = await executeToolCall(
      new ToolRegistry([math]),
      'add',
      { a: 1, b: 2 },
      {
        gate: { before: () => ({ kind: 'fail', error: { code: 'tool_execution_failed', message: 'math is down' } }) },
      },
    );
    expect(callTool).not.toHaveBeenCalled();
    expect(out).toMatchObject({
      ok: false,
      error: { code: 'tool_execution_failed', message: 'math is down' },
      content: "Error: tool 'add' failed: math is down",
      toolboxId: 'math_tools',
      mocked: true,
    });
  });
});
