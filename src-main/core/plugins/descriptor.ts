import type { z } from 'zod';
import type { JsonSchema } from '../../../shared/domain/tool';
import { configJsonSchema } from '../../../shared/plugins/config-schema';

/**
 * What the app knows about one plugin (a loop engine, a brain or a toolbox): its OVOS id, what the editor shows,
 * its config block as a zod schema (kept in `shared/`, so the renderer checks with the same schema; `.meta` gives
 * the form its titles and descriptions; defaults live there and nowhere else) and a factory. A registry is a list of
 * these; nothing else lists ids, titles or config schemas.
 */
export interface PluginDescriptor<Create> {
  readonly id: string;
  /** Other ids persona files use for this plugin (OVOS's own examples spell some differently); they load it too. */
  readonly aliases?: readonly string[];
  readonly title: string;
  readonly description: string;
  readonly config: z.ZodType;
  /** Only for plugin packages that declare their config as JSON Schema (`static configSchema`): used as it is. */
  readonly configSchema?: JsonSchema;
  readonly create: Create;
}

/** The descriptor a persona's id names: by its id or one of its aliases. */
export function findDescriptor<D extends PluginDescriptor<unknown>>(
  descriptors: readonly D[],
  id: string,
): D | undefined {
  return descriptors.find((d) => d.id === id) ?? descriptors.find((d) => d.aliases?.includes(id));
}

/** Every id the descriptors answer to: ids, then aliases. */
export function knownIds(descriptors: readonly PluginDescriptor<unknown>[]): string[] {
  return [...descriptors.map((d) => d.id), ...descriptors.flatMap((d) => d.aliases ?? [])];
}

/** The JSON Schema of a descriptor's config block: what the catalog sends and the editor's forms draw. */
export function configSchemaOf(descriptor: PluginDescriptor<unknown>): JsonSchema {
  return descriptor.configSchema ?? configJsonSchema(descriptor.config);
}

/** What the catalog lists for a descriptor (`source` is added by the caller: 'builtin' unless a toolbox says). */
export function catalogEntryOf(descriptor: PluginDescriptor<unknown>): {
  id: string;
  aliases?: string[];
  title: string;
  description: string;
  configSchema: JsonSchema;
} {
  return {
    id: descriptor.id,
    ...(descriptor.aliases?.length ? { aliases: [...descriptor.aliases] } : {}),
    title: descriptor.title,
    description: descriptor.description,
    configSchema: configSchemaOf(descriptor),
  };
}
