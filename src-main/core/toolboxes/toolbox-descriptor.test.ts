import { describe, expect, it } from 'vitest';
import { configSchemaOf } from '../plugins/descriptor';
import { pluginSdk } from '../plugins/sdk';
import type { ToolBoxClass } from '../toolbox';
import { toolboxDescriptorOf } from './toolbox-descriptor';

const { ToolBox, z } = pluginSdk;

describe('toolboxDescriptorOf (opm.agents.toolbox classes as descriptors)', () => {
  it("a plugin's zod `config` (the sdk's z) becomes the form's JSON Schema, with its .meta and defaults", () => {
    class Weather extends ToolBox {
      static defaultId = 'weather-tools';
      static title = 'Weather';
      static config = z.object({
        units: z.enum(['metric', 'imperial']).default('metric').meta({ title: 'Units' }),
      });
      discoverTools() {
        return [];
      }
    }
    const descriptor = toolboxDescriptorOf(Weather as unknown as ToolBoxClass);
    expect(descriptor).toMatchObject({ id: 'weather-tools', title: 'Weather', description: '', source: 'plugin' });
    expect(configSchemaOf(descriptor)).toMatchObject({
      type: 'object',
      properties: { units: { enum: ['metric', 'imperial'], default: 'metric', title: 'Units' } },
    });
    const instance = descriptor.create({ toolboxId: 'weather-tools:lisbon', config: { units: 'imperial' } });
    expect([instance.toolboxId, instance.config]).toEqual(['weather-tools:lisbon', { units: 'imperial' }]);
  });

  it('a JSON Schema `configSchema` is used as it is; the entry-point id wins over the class default', () => {
    const schema = { type: 'object', properties: { punctuation: { type: 'string' } } };
    class Greeting extends ToolBox {
      static defaultId = 'greeting';
      static configSchema = schema;
      discoverTools() {
        return [];
      }
    }
    const descriptor = toolboxDescriptorOf(Greeting as unknown as ToolBoxClass, { id: 'greeting-tools' });
    expect(descriptor.id).toBe('greeting-tools');
    expect(configSchemaOf(descriptor)).toBe(schema);
  });
});
