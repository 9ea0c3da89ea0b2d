import { BusToolBoxConfig } from '../../../../shared/plugins/toolboxes/bus';
import { defineToolbox } from '../toolbox-descriptor';
import { BusToolBox } from './bus-toolbox';

/** The bus toolbox (`ovos-bus-toolbox`): tools that other processes announce on an OVOS messagebus. */
export { BusToolBox } from './bus-toolbox';
export { BusToolBoxConfig } from './config';
export { RemoteToolError } from './remote-error';

/** The `ovos-bus-toolbox` plugin. */
export const busToolbox = defineToolbox({
  id: BusToolBox.defaultId,
  title: 'OVOS bus tools',
  description: 'Tools that OVOS agents and other Persona Studio processes announce on an OVOS messagebus.',
  config: BusToolBoxConfig,
  source: BusToolBox.source,
  create: (options) => new BusToolBox(options),
});
