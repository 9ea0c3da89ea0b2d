import { FilesystemToolsConfig } from '../../../../shared/plugins/toolboxes/filesystem';
import type { AgentTool } from '../../toolbox';
import { ToolBox } from '../../toolbox';
import { defineToolbox } from '../toolbox-descriptor';
import { Sandbox } from './sandbox';
import { filesystemTools } from './tools';

/**
 * OVOS's `ovos-filesystem-tools`: read, write, list, search and find files, confined to the folder the user sets
 * as `root_path` (no default: until it is set, each call is a tool error saying so). Paths leaving the root,
 * symlinks included, get OVOS's "Access denied" answers.
 */
export class FilesystemToolBox extends ToolBox {
  static readonly defaultId = 'ovos-filesystem-tools';

  discoverTools(): AgentTool[] {
    const config = FilesystemToolsConfig.parse(this.config);
    return filesystemTools(() => Sandbox.open(config.root_path), config);
  }
}

/** The `ovos-filesystem-tools` plugin. */
export const filesystemToolbox = defineToolbox({
  id: FilesystemToolBox.defaultId,
  title: 'Files',
  description:
    'Read, write, list, search and find files inside one root folder you choose (set root_path first); paths and symlinks leaving it are refused.',
  config: FilesystemToolsConfig,
  source: 'builtin',
  create: (options) => new FilesystemToolBox(options),
});
