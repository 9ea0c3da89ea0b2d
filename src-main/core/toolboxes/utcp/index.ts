import { UTCPToolBoxConfig } from '../../../../shared/plugins/toolboxes/utcp';
import { defineToolbox } from '../toolbox-descriptor';
import { UTCPToolBox } from './utcp-toolbox';

/** The UTCP toolbox (`ovos-utcp-toolbox`): tools from UTCP manuals over HTTP. */
export { UTCPToolBox } from './utcp-toolbox';
export { UTCPToolBoxConfig } from './config';
export { mapUTCPResult, utcpOutputSchema } from './result';

/** The `ovos-utcp-toolbox` plugin. */
export const utcpToolbox = defineToolbox({
  id: UTCPToolBox.defaultId,
  title: 'UTCP manual',
  description: 'Tools described by UTCP manuals (Universal Tool Calling Protocol), called over HTTP.',
  config: UTCPToolBoxConfig,
  source: 'utcp',
  create: (options) => new UTCPToolBox(options),
});
