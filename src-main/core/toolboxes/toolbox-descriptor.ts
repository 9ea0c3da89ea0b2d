import { z } from 'zod';
import type { ToolboxSource } from '../../../shared/domain/tool';
import type { ChatEngine } from '../brains/chat-engine';
import type { PluginDescriptor } from '../plugins/descriptor';
import type { ToolBox, ToolBoxClass, ToolBoxOptions } from '../toolbox';

/**
 * How a toolbox instance is made: its id (the plugin id, or `<plugin-id>:<instance>`), its config block, the bus,
 * and the persona's brain for toolboxes that ask a model themselves (OVOS's SKILL.md toolbox; OVOS injects it
 * with `set_brain`). Null or absent outside a persona (the Tools pane, `persona-studio mcp`).
 */
export type ToolboxCreateOptions = ToolBoxOptions & { toolboxId: string; brain?: ChatEngine | null };

/** A toolbox plugin: built in, or from an `opm.agents.toolbox` package (`source` says which, and what kind). */
export interface ToolboxDescriptor extends PluginDescriptor<(options: ToolboxCreateOptions) => ToolBox> {
  readonly source: ToolboxSource;
}

/** Accepts any config block: for plugin classes that declare no zod `config`. */
const AnyConfig = z.looseObject({});

/**
 * The descriptor of a ToolBox class with OVOS-style static metadata, as `opm.agents.toolbox` packages export them:
 * `defaultId` (or the entry-point id), `title`, `description`, and `config` (zod, through the plugin sdk's `z`)
 * or `configSchema` (JSON Schema).
 */
export function toolboxDescriptorOf(
  cls: ToolBoxClass,
  options: { id?: string; source?: ToolboxSource } = {},
): ToolboxDescriptor {
  const id = options.id ?? cls.defaultId;
  if (!id) throw new TypeError(`${cls.name} needs an id: set static defaultId.`);
  const zodConfig = (cls as { config?: unknown }).config;
  const config = zodConfig instanceof z.ZodType ? zodConfig : AnyConfig;
  return {
    id,
    title: cls.title ?? id,
    description: cls.description ?? '',
    config,
    ...(config === AnyConfig ? { configSchema: cls.configSchema ?? { type: 'object' } } : {}),
    source: options.source ?? 'plugin',
    create: (o) => new cls(o),
  };
}

/** A descriptor, typed: for the built-in toolboxes' modules. */
export function defineToolbox(descriptor: ToolboxDescriptor): ToolboxDescriptor {
  return descriptor;
}
