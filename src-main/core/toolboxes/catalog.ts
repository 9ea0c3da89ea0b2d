import type { ErrorValue } from '../../../shared/domain/errors';
import { ToolboxSource } from '../../../shared/domain/tool';
import { findToolboxPlugins, type PluginSearchOptions } from '../plugins';
import type { ToolBoxClass } from '../toolbox';
import { BUILTIN_TOOLBOXES } from './builtin';

export interface ToolboxCatalog {
  classes: Record<string, ToolBoxClass>;
  sources: Record<string, ToolboxSource>;
  errors: { id: string; error: ErrorValue }[];
}

/** A built-in class's source: its static `source` ('mcp', 'utcp', ...) when it declares one, else 'builtin'. */
function builtinSource(cls: ToolBoxClass): ToolboxSource {
  const parsed = ToolboxSource.safeParse((cls as { source?: unknown }).source);
  return parsed.success ? parsed.data : 'builtin';
}

/**
 * Every toolbox class the app can instantiate, by id: the built-ins, then installed plugins. A plugin cannot
 * shadow a built-in id (reported as an error); broken plugins are reported and skipped.
 */
export async function loadToolboxClasses(
  options: { dataDir?: string; nodeModulesDirs?: string[] } = {},
): Promise<ToolboxCatalog> {
  const catalog: ToolboxCatalog = { classes: {}, sources: {}, errors: [] };
  for (const cls of BUILTIN_TOOLBOXES) {
    if (!cls.defaultId) continue;
    catalog.classes[cls.defaultId] = cls;
    catalog.sources[cls.defaultId] = builtinSource(cls);
  }
  const search: PluginSearchOptions = { dataDir: options.dataDir, nodeModulesDirs: options.nodeModulesDirs };
  const found = await findToolboxPlugins(search);
  catalog.errors.push(...found.errors);
  for (const [id, cls] of Object.entries(found.plugins)) {
    if (catalog.classes[id]) {
      const origin = found.origins[id];
      catalog.errors.push({
        id,
        error: {
          code: 'bad_input',
          message: `Plugin '${id}' (package '${origin?.packageName ?? id}') uses the id of a built-in toolbox; it was not loaded.`,
          details: origin,
        },
      });
      continue;
    }
    catalog.classes[id] = cls;
    catalog.sources[id] = 'plugin';
  }
  return catalog;
}
