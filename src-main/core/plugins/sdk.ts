import { z } from 'zod';
import { defineTool, ToolArguments, ToolBox, ToolOutput } from '../toolbox';

/**
 * What a plugin's factory export receives: `(sdk) => ToolBoxClass`. Plugins extend our ToolBox and use our zod
 * through it, so they need not resolve this app's package (or ship their own copy of zod).
 */
export const pluginSdk = { ToolBox, defineTool, ToolArguments, ToolOutput, z };
export type PluginSdk = typeof pluginSdk;
