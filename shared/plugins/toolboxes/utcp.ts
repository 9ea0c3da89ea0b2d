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
        manual_call_templates: z.array(ManualCallTemplate).default([]).meta({
          title: 'Manuals',
          description:
            'Each manual is a URL that lists tools, e.g. name "weather", HTTP GET http://127.0.0.1:8080/utcp.',
        }),
        // UTCP 0.x lists, read as manuals; the form shows them only when a persona has them.
        tool_providers: z.array(z.record(z.string(), z.unknown())).optional().meta({
          title: 'Providers (tool_providers, UTCP 0.x)',
          description: 'Older entries {name, provider_type, url}, read as manuals.',
          deprecated: true,
        }),
        providers: z.array(z.record(z.string(), z.unknown())).optional().meta({
          title: 'Providers (providers, UTCP 0.x)',
          description: 'Older entries {name, provider_type, url}, read as manuals.',
          deprecated: true,
        }),
        variables: z.record(z.string(), z.string()).default({}).meta({
          title: 'Variables',
          description:
            "Values for ${NAME} in a manual's URL and headers, named <manual>_NAME (weather_API_KEY for ${API_KEY} in the manual weather; a _ in the manual's name is doubled). Kept in the secret store, not in the persona file; the app's environment is never read for them.",
        }),
      })
      .default({ manual_call_templates: [], variables: {} })
      .meta({ title: 'UTCP config', description: 'The UTCP client: where its tools are listed, and its variables.' }),
    timeout: timeoutSeconds('Timeout (s)', 'Seconds to wait for a manual or a tool call.'),
  })
  .meta({ title: 'UTCP manual' });
export type UTCPToolBoxConfig = z.infer<typeof UTCPToolBoxConfig>;
