import { ToolExecutionError, ToolInputError } from '../../toolbox/tool-errors';

/**
 * What a remote toolbox answered instead of a result: `{error: "<PythonType>: <message>"}`, or no answer.
 * Turned into our tool errors by the bus toolbox, so a remote ValueError is an input error here too.
 */
export class RemoteToolError extends Error {
  constructor(
    readonly kind: 'ValueError' | 'RuntimeError' | 'timeout',
    message: string,
    readonly where: string,
  ) {
    super(message);
    this.name = 'RemoteToolError';
  }

  /** `"ValueError: Unknown tool 'x' ..."` -> kind ValueError; any other type is a RuntimeError. */
  static fromWire(error: string, where: string): RemoteToolError {
    const match = /^([A-Za-z_][\w.]*): ([\s\S]*)$/.exec(error);
    if (!match) return new RemoteToolError('RuntimeError', error, where);
    return new RemoteToolError(
      match[1] === 'ValueError' ? 'ValueError' : 'RuntimeError',
      match[1] === 'ValueError' || match[1] === 'RuntimeError' ? match[2] : error,
      where,
    );
  }

  toToolError(): ToolInputError | ToolExecutionError {
    if (this.kind === 'timeout') return new ToolExecutionError('tool_timeout', this.message, { cause: this.where });
    const cause = `remote ${this.kind} from ${this.where}`;
    if (this.kind === 'ValueError')
      return new ToolInputError(
        this.message.startsWith('Unknown tool') ? 'tool_not_found' : 'tool_input_invalid',
        this.message,
        { cause },
      );
    return new ToolExecutionError('tool_execution_failed', this.message, { cause });
  }
}
