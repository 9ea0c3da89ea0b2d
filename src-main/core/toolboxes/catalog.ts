import type { ErrorValue } from '../../../shared/domain/errors';
import { findToolboxPlugins, pluginError, type PluginSearchOptions } from '../plugins';
import { BUILTIN_TOOLBOXES } from './builtin';
import { toolboxDescriptorOf, type ToolboxDescriptor } from './toolbox-descriptor';

/** The toolboxes the app can instantiate, by plugin id, and the plugins that failed to load. */
export interface ToolboxCatalog {
  toolboxes: Record<string, ToolboxDescriptor>;
  errors: { id: string; error: ErrorValue }[];
}

/** The descriptor for a toolbox id: the plugin's own, or its base's for `<plugin-id>:<instance>` ids. */
export function toolboxFor(
  toolboxes: Record<string, ToolboxDescriptor>,
  toolboxId: string,
): ToolboxDescriptor | undefined {
  return (
    toolboxes[toolboxId] ??
    (toolboxId.includes(':') ? toolboxes[toolboxId.slice(0, toolboxId.indexOf(':'))] : undefined)
  );
}

/** A catalog of the given descriptors (tests, embedders), by id. */
export function toolboxRecord(descriptors: ToolboxDescriptor[]): Record<string, ToolboxDescriptor> {
  return Object.fromEntries(descriptors.map((d) => [d.id, d]));
}

/**
 * Every toolbox the app can instantiate, by id: the built-ins, then installed plugins (each ToolBox class becomes
 * a descriptor). A plugin cannot shadow a built-in id (reported as an error); broken plugins are reported and skipped.
 */
export async function loadToolboxCatalog(
  options: { dataDir?: string; nodeModulesDirs?: string[] } = {},
): Promise<ToolboxCatalog> {
  const catalog: ToolboxCatalog = { toolboxes: toolboxRecord(BUILTIN_TOOLBOXES), errors: [] };
  const search: PluginSearchOptions = { dataDir: options.dataDir, nodeModulesDirs: options.nodeModulesDirs };
  const found = await findToolboxPlugins(search);
  catalog.errors.push(...found.errors);
  for (const [id, cls] of Object.entries(found.plugins)) {
    if (catalog.toolboxes[id]) {
      const origin = found.origins[id];
      catalog.errors.push(
        pluginError(
          id,
          'bad_input',
          `Plugin '${id}' (package '${origin?.packageName ?? id}') uses the id of a built-in toolbox; it was not loaded.`,
          origin,
        ),
      );
      continue;
    }
    catalog.toolboxes[id] = toolboxDescriptorOf(cls, { id, source: 'plugin' });
  }
  return catalog;
}
