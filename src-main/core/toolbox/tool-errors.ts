import type { ErrorCode } from '../../../shared/domain/errors';
import type { ValidationIssue } from '../../../shared/domain/errors';
import { StudioError } from '../errors';

/** OVOS's ValueError: the tool is unknown or its input does not validate. */
export class ToolInputError extends StudioError {
  /** The Python exception name an OVOS agent sees on the bus. */
  readonly pythonType = 'ValueError';
  constructor(
    code: Extract<ErrorCode, 'tool_not_found' | 'tool_input_invalid'>,
    message: string,
    details?: { issues?: ValidationIssue[]; cause?: string },
    options?: { cause?: unknown },
  ) {
    super(code, message, details, options);
  }
}

/** OVOS's RuntimeError: the tool threw, timed out, or returned output that does not validate. */
export class ToolExecutionError extends StudioError {
  readonly pythonType = 'RuntimeError';
  constructor(
    code: Extract<ErrorCode, 'tool_execution_failed' | 'tool_output_invalid' | 'tool_timeout'>,
    message: string,
    details?: { issues?: ValidationIssue[]; cause?: string },
    options?: { cause?: unknown },
  ) {
    super(code, message, details, options);
  }
}

/** The message of an error's cause, for `details.cause` (what the UI shows under the OVOS message). */
export function causeMessage(error: unknown): string {
  if (error instanceof Error) return error.message;
  return String(error);
}
