/** Toolbox plugins: npm packages declaring `"opm": {"agents.toolbox": {...}}`. */
export {
  findToolboxPlugins,
  pluginError,
  PLUGIN_GROUP,
  type PluginDiscovery,
  type PluginError,
  type PluginSearchOptions,
} from './find-toolbox-plugins';
export { pluginSdk, type PluginSdk } from './sdk';
export { createToolboxFromConfig } from './create-toolbox';
