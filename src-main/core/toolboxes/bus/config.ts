import { BusToolBoxConfig } from '../../../../shared/plugins/toolboxes/bus';
import { parseToolboxConfig } from '../parse-config';

export { BusToolBoxConfig };

export function parseBusConfig(raw: Record<string, unknown>): BusToolBoxConfig {
  return parseToolboxConfig(BusToolBoxConfig, raw, 'Invalid bus toolbox config');
}
