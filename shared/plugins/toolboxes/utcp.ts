import { z } from 'zod';
import { timeoutSeconds } from './timeout';

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
  url: z.string().meta({
    title: 'Manual URL',
    description: 'Where the UTCP manual (or an OpenAPI spec) is served; HTTPS or loopback.',
  }),
  headers: z.record(z.string(), z.string()).optional().meta({ title: 'Headers' }),
});

export const UTCPToolBoxConfig = z
  .object({
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
    timeout: timeoutSeconds('Timeout (s)', 'Seconds to wait for a manual or a tool call.'),
  })
  .meta({ title: 'UTCP manual' });
export type UTCPToolBoxConfig = z.infer<typeof UTCPToolBoxConfig>;
