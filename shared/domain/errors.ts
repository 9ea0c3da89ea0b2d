import { z } from 'zod';

/** Stable error codes; they cross every boundary (API, trace, CLI) unchanged. */
export const ErrorCode = z.enum([
  'tool_not_found',
  'tool_input_invalid',
  'tool_execution_failed',
  'tool_output_invalid',
  'tool_timeout',
  /** The user denied the call (debugger or approval prompt). */
  'tool_denied',
  /** The tool needs the user's approval and nobody can give it here (no terminal, an MCP client). */
  'approval_required',
  'toolbox_unavailable',
  /** The persona names a toolbox no installed plugin provides (it runs without it, as OVOS does). */
  'toolbox_not_installed',
  'brain_unreachable',
  'brain_bad_response',
  'persona_invalid',
  'persona_not_found',
  'persona_exists',
  'session_not_found',
  /** A re-run with recorded tools met a call the recording has no result for (name and arguments). */
  'no_recorded_result',
  'not_found',
  'cancelled',
  'forbidden',
  'bad_input',
  'unknown_method',
  'internal',
]);
export type ErrorCode = z.infer<typeof ErrorCode>;

/** One validation problem, located by a path into the input (as zod and JSON Schema validators report). */
export const ValidationIssue = z.object({
  path: z.array(z.union([z.string(), z.number()])),
  message: z.string(),
});
export type ValidationIssue = z.infer<typeof ValidationIssue>;

/** An error as a value: what the UI shows as it is. `details.issues` carries field errors for forms. */
export const ErrorValue = z.object({
  code: ErrorCode,
  message: z.string(),
  details: z.unknown().optional(),
});
export type ErrorValue = z.infer<typeof ErrorValue>;
