import { z } from 'zod';
import type { JsonSchema } from '../../../../shared/domain/tool';

/**
 * Config block of `ovos-utcp-toolbox`. `utcp_config` is the UTCP client config: `manual_call_templates`
 * (current UTCP) and/or the older `tool_providers` / `providers` list OVOS personas use
 * (`{name, provider_type: "http", url}`), plus `variables` for `${VAR}` substitution.
 */
/** One manual's call template, as UTCP's HTTP plugin reads it (other keys are passed through). */
export const ManualCallTemplate = z.looseObject({
  name: z
    .string()
    .optional()
    .meta({ title: 'Manual name', description: "Prefix of its tools' UTCP names (manual.tool)." }),
  call_template_type: z.enum(['http', 'sse', 'streamable_http']).default('http').meta({ title: 'Protocol' }),
  http_method: z.enum(['GET', 'POST', 'PUT', 'DELETE', 'PATCH']).default('GET').meta({ title: 'HTTP method' }),
  url: z
    .string()
    .meta({
      title: 'Manual URL',
      description: 'Where the UTCP manual (or an OpenAPI spec) is served; HTTPS or loopback.',
    }),
  headers: z.record(z.string(), z.string()).optional().meta({ title: 'Headers' }),
});

export const UTCPToolBoxConfig = z.object({
  utcp_config: z
    .looseObject({
      manual_call_templates: z.array(ManualCallTemplate).default([]).meta({ title: 'Manuals' }),
      tool_providers: z.array(z.record(z.string(), z.unknown())).optional(),
      providers: z.array(z.record(z.string(), z.unknown())).optional(),
      variables: z.record(z.string(), z.string()).default({}),
    })
    .default({ manual_call_templates: [], variables: {} })
    .meta({
      title: 'UTCP config',
      description:
        'manual_call_templates: e.g. [{"name": "weather", "call_template_type": "http", "http_method": "GET", "url": "http://127.0.0.1:8080/utcp"}]',
    }),
  timeout: z
    .number()
    .positive()
    .default(30)
    .meta({ title: 'Timeout (s)', description: 'Seconds to wait for a manual or a tool call.' }),
});
export type UTCPToolBoxConfig = z.infer<typeof UTCPToolBoxConfig>;

export const UTCP_CONFIG_SCHEMA: JsonSchema = (() => {
  const schema = z.toJSONSchema(UTCPToolBoxConfig, { io: 'input' }) as JsonSchema;
  delete schema.$schema;
  return { title: 'UTCP manual', ...schema };
})();

/** Parses the block; older provider entries become HTTP call templates. */
export function parseUTCPConfig(raw: Record<string, unknown>): {
  templates: Record<string, unknown>[];
  variables: Record<string, string>;
  timeoutS: number;
} {
  const parsed = UTCPToolBoxConfig.safeParse(raw);
  if (!parsed.success) {
    throw new Error(
      `Invalid UTCP toolbox config: ${parsed.error.issues.map((i) => `${i.path.join('.') || 'config'}: ${i.message}`).join('; ')}`,
    );
  }
  const { utcp_config: utcp, timeout } = parsed.data;
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
