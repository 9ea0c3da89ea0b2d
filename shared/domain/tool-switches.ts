import { appBlockOf } from './approval';
import { APP_BLOCK_KEY } from './persona';

/** A tool's name in the persona's switches: `<toolbox id>/<tool>` (the toolbox's own name, not a clash-renamed one). */
export function toolSwitchKey(toolboxId: string, tool: string): string {
  return `${toolboxId}/${tool}`;
}

/** The tools the persona turned off (`persona_studio.tools.disabled`), as switch keys. */
export function disabledToolsOf(persona: Record<string, unknown>): Set<string> {
  return new Set(appBlockOf(persona).tools?.disabled ?? []);
}

/**
 * The persona with one tool switched on or off: its `persona_studio.tools.disabled` list gains or loses the key
 * (kept sorted, no duplicates; an empty list and an empty block are removed). Everything else is kept as it is.
 */
export function withToolEnabled<P extends Record<string, unknown>>(
  persona: P,
  toolboxId: string,
  tool: string,
  enabled: boolean,
): P {
  const key = toolSwitchKey(toolboxId, tool);
  const block = { ...((persona[APP_BLOCK_KEY] as Record<string, unknown> | undefined) ?? {}) };
  const tools = { ...((block.tools as Record<string, unknown> | undefined) ?? {}) };
  const disabled = new Set(Array.isArray(tools.disabled) ? (tools.disabled as string[]) : []);
  if (enabled) disabled.delete(key);
  else disabled.add(key);
  if (disabled.size) tools.disabled = [...disabled].sort();
  else delete tools.disabled;
  if (Object.keys(tools).length) block.tools = tools;
  else delete block.tools;
  const next: Record<string, unknown> = { ...persona };
  if (Object.keys(block).length) next[APP_BLOCK_KEY] = block;
  else delete next[APP_BLOCK_KEY];
  return next as P;
}
