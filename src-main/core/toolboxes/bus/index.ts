/** The bus toolbox (`ovos-bus-toolbox`): tools that other processes announce on an OVOS messagebus. */
export { BusToolBox } from './bus-toolbox';
export { BusToolBoxConfig, BUS_CONFIG_SCHEMA } from './config';
export { RemoteToolError } from './remote-error';
