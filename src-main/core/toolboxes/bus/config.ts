import { BusToolBoxConfig } from '../../../../shared/plugins/toolboxes/bus';

export { BusToolBoxConfig };

export function parseBusConfig(raw: Record<string, unknown>): BusToolBoxConfig {
  const parsed = BusToolBoxConfig.safeParse(raw);
  if (!parsed.success) {
    throw new Error(
      `Invalid bus toolbox config: ${parsed.error.issues.map((i) => `${i.path.join('.') || 'config'}: ${i.message}`).join('; ')}`,
    );
  }
  return parsed.data;
}
