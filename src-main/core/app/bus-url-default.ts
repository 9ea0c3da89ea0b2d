import { engineBlockOf, engineIdOf, type PersonaFile } from '../../../shared/domain/persona';

const BUS_TOOLBOX = 'ovos-bus-toolbox';
const isBusToolbox = (id: string) => id === BUS_TOOLBOX || id.startsWith(`${BUS_TOOLBOX}:`);

/** Config of an installed toolbox without a persona: a bus toolbox listens on the app's bus when one is set. */
export function defaultToolboxConfig(toolboxId: string, busUrl: string | null): Record<string, unknown> {
  return busUrl && isBusToolbox(toolboxId) ? { url: busUrl } : {};
}

/**
 * A persona's bus toolboxes without a `url` of their own use the app's bus (settings.busUrl) rather than
 * OVOS's default address. The persona file itself is not changed.
 */
export function withAppBusUrl(persona: PersonaFile, busUrl: string | null): PersonaFile {
  if (!busUrl) return persona;
  const block = engineBlockOf(persona);
  if (!block) return persona;
  const ids = Array.isArray(block.toolboxes)
    ? block.toolboxes.filter((id): id is string => typeof id === 'string' && isBusToolbox(id))
    : [];
  if (!ids.length) return persona;
  const next: Record<string, unknown> = { ...block };
  for (const id of ids) {
    const config = (block[id] && typeof block[id] === 'object' ? block[id] : {}) as Record<string, unknown>;
    if (typeof config.url !== 'string' || !config.url) next[id] = { ...config, url: busUrl };
  }
  return { ...persona, [engineIdOf(persona)!]: next } as PersonaFile;
}
