import { UTCPToolBoxConfig } from '../../../../shared/plugins/toolboxes/utcp';
import { parseToolboxConfig } from '../parse-config';

export { UTCPToolBoxConfig };

/** Parses the block; older provider entries become HTTP call templates. */
export function parseUTCPConfig(raw: Record<string, unknown>): {
  templates: Record<string, unknown>[];
  variables: Record<string, string>;
  timeoutS: number;
} {
  const { utcp_config: utcp, timeout } = parseToolboxConfig(UTCPToolBoxConfig, raw, 'Invalid UTCP toolbox config');
  const legacy = [...(utcp.tool_providers ?? []), ...(utcp.providers ?? [])].map(fromProvider);
  const templates = [...utcp.manual_call_templates, ...legacy].map((t) => structuredClone(t));
  if (!templates.length)
    throw new Error('Invalid UTCP toolbox config: utcp_config has no manual_call_templates (or tool_providers).');
  templates.forEach((t, i) => {
    if (typeof t.name !== 'string' || !t.name) t.name = `manual_${i + 1}`;
  });
  return { templates, variables: utcp.variables, timeoutS: timeout };
}

/** `{name, provider_type, url, http_method?}` (UTCP 0.x) -> `{name, call_template_type, url, http_method}`. */
function fromProvider(provider: Record<string, unknown>): Record<string, unknown> {
  const { provider_type, ...rest } = provider;
  return { call_template_type: provider_type ?? 'http', http_method: 'GET', ...rest };
}
