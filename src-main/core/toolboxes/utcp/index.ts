/** The UTCP toolbox (`ovos-utcp-toolbox`): tools from UTCP manuals over HTTP. */
export { UTCPToolBox } from './utcp-toolbox';
export { UTCPToolBoxConfig, UTCP_CONFIG_SCHEMA } from './config';
export { mapUTCPResult, utcpOutputSchema } from './result';
