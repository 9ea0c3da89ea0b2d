/**
 * What a tool says went wrong inside a call that itself succeeded: an MCP result marked `is_error: true`
 * (its text content says why), or the OVOS convention of a non-empty `error` field next to a null result
 * (`{"result": null, "error": "Unknown unit: 'x'"}`). Null when the result reports no error.
 */
export function reportedError(result: unknown): string | null {
  if (!result || typeof result !== 'object' || Array.isArray(result)) return null;
  const r = result as Record<string, unknown>;
  if (r.is_error === true)
    return typeof r.content === 'string' && r.content.trim()
      ? r.content
      : 'The tool marked its result as an error (is_error: true).';
  if (typeof r.error === 'string' && r.error.trim()) return r.error;
  return null;
}
