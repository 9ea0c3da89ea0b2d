import type { Bus } from '../bus/bus';
import type { ToolBox, ToolBoxClass } from '../toolbox';

/**
 * OPM's OVOSToolBoxFactory.create: `cfg.agent_toolbox` (when present) names the toolbox in `module` and holds
 * its config under that id; the toolbox is built with that config and bound to the bus.
 */
export function createToolboxFromConfig(
  cfg: Record<string, unknown>,
  classes: Record<string, ToolBoxClass>,
  bus: Bus | null = null,
): ToolBox {
  const section = (cfg.agent_toolbox && typeof cfg.agent_toolbox === 'object' ? cfg.agent_toolbox : cfg) as Record<
    string,
    unknown
  >;
  const module = section.module;
  if (typeof module !== 'string' || !module)
    throw new Error(`ToolBox plugin not configured in: ${JSON.stringify(cfg)}`);
  const cls = classes[module];
  if (!cls)
    throw new Error(
      `ToolBox plugin '${module}' is not installed (installed: ${Object.keys(classes).join(', ') || 'none'}).`,
    );
  const config = section[module];
  return new cls({
    toolboxId: cls.defaultId ? undefined : module,
    config: config && typeof config === 'object' ? (config as Record<string, unknown>) : {},
    bus,
  });
}
