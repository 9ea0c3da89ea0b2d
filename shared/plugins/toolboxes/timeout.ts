import { z } from 'zod';

/**
 * How long a toolbox that asks another process (an MCP server, a UTCP manual, the OVOS bus) waits, in seconds:
 * more than 0, 30 by default as the engines' tool timeout, titled for the toolbox's form.
 */
export function timeoutSeconds(title: string, description: string) {
  return z.number().positive().default(30).meta({ title, description });
}
