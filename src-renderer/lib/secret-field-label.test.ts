import { describe, expect, it } from 'vitest';
import { configJsonSchema } from '../../shared/plugins/config-schema';
import { MCPConfig } from '../../shared/plugins/toolboxes/mcp';
import { UTCPToolBoxConfig } from '../../shared/plugins/toolboxes/utcp';
import { secretFieldLabel } from './secret-field-label';

describe('secretFieldLabel', () => {
  const utcp = configJsonSchema(UTCPToolBoxConfig);
  const mcp = configJsonSchema(MCPConfig);

  it('names each step as the form does: titles, a list item by its number, a map entry by its key', () => {
    expect(secretFieldLabel(utcp, 'utcp_config.manual_call_templates.0.headers.Authorization')).toBe(
      'UTCP config › Manuals 1 › Headers › Authorization',
    );
    expect(secretFieldLabel(utcp, 'utcp_config.variables.weather_TOKEN')).toBe(
      'UTCP config › Variables › weather_TOKEN',
    );
    expect(secretFieldLabel(mcp, 'env.GITHUB_TOKEN')).toBe('Environment › GITHUB_TOKEN');
  });

  it('keeps a key with dots whole, and what the schema does not describe as it is', () => {
    expect(secretFieldLabel(mcp, 'headers.X.Api.Key')).toBe('Headers › X.Api.Key');
    expect(secretFieldLabel({}, 'token')).toBe('token');
    expect(secretFieldLabel(null, 'a.b')).toBe('a.b');
  });
});
