import type { Catalog, CatalogEntry } from '../../shared/ipc/records';

/** The catalog's entry of an engine, by its id or else one of its aliases (OVOS's `ovos-chain-of-thought`). */
export function engineEntryOf(catalog: Catalog | null, engineId: string): CatalogEntry | undefined {
  const engines = catalog?.engines ?? [];
  return engines.find((e) => e.id === engineId) ?? engines.find((e) => e.aliases?.includes(engineId));
}

/**
 * Whether an engine reads a loop key (`max_iterations`, `tool_timeout_s`…): its config schema names the loop keys
 * it reads. True while the engine or its schema is unknown (nothing is hidden on a guess).
 */
export function engineReads(entry: CatalogEntry | undefined, key: string): boolean {
  const props = (entry?.configSchema as { properties?: Record<string, unknown> } | undefined)?.properties;
  return !props || key in props;
}
