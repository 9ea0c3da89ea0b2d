import { expect, test } from 'vitest';
import { RemoteToolError } from './remote-error';
import { ToolExecutionError, ToolInputError } from '../../toolbox';

test('remote error strings keep their OVOS kind and message', () => {
  const unknown = RemoteToolError.fromWire(
    "ValueError: Unknown tool 'x' for ToolBox 'math_tools'.",
    "toolbox 'math_tools' on ws://h/core",
  ).toToolError();
  expect(unknown).toBeInstanceOf(ToolInputError);
  expect(unknown.toValue()).toEqual({
    code: 'tool_not_found',
    message: "Unknown tool 'x' for ToolBox 'math_tools'.",
    details: { cause: "remote ValueError from toolbox 'math_tools' on ws://h/core" },
  });
  expect(
    RemoteToolError.fromWire("ValueError: Tool input validation failed for 'add' in ToolBox 'm'", 'w').toToolError()
      .code,
  ).toBe('tool_input_invalid');
  const runtime = RemoteToolError.fromWire('RuntimeError: boom', 'w').toToolError();
  expect(runtime).toBeInstanceOf(ToolExecutionError);
  expect(runtime.message).toBe('boom');
  expect(RemoteToolError.fromWire('KeyError: missing', 'w').toToolError().message).toBe('KeyError: missing');
  expect(RemoteToolError.fromWire('no type here', 'w').toToolError().code).toBe('tool_execution_failed');
});
