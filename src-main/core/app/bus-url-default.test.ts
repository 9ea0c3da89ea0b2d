import { describe, expect, it } from 'vitest';
import type { PersonaFile } from '../../../shared/domain/persona';
import { defaultToolboxConfig, withAppBusUrl } from './bus-url-default';

const persona = (block: Record<string, unknown>) =>
  ({ name: 'P', handlers: ['ovos-native-toolcall-loop'], 'ovos-native-toolcall-loop': block }) as PersonaFile;

describe('the app bus URL as the default of bus toolboxes', () => {
  it('fills url for bus toolboxes that have none, keeps an explicit one, leaves other toolboxes alone', () => {
    const p = persona({
      toolboxes: ['ovos-math-tools', 'ovos-bus-toolbox', 'ovos-bus-toolbox:lab'],
      'ovos-bus-toolbox:lab': { url: 'ws://10.0.0.5:8181/core', call_timeout_s: 5 },
      'ovos-math-tools': { x: 1 },
    });
    const out = withAppBusUrl(p, 'ws://127.0.0.1:9000/core') as Record<string, Record<string, unknown>>;
    const block = out['ovos-native-toolcall-loop'];
    expect(block['ovos-bus-toolbox']).toEqual({ url: 'ws://127.0.0.1:9000/core' });
    expect(block['ovos-bus-toolbox:lab']).toEqual({ url: 'ws://10.0.0.5:8181/core', call_timeout_s: 5 });
    expect(block['ovos-math-tools']).toEqual({ x: 1 });
    expect(
      (p as Record<string, Record<string, unknown>>)['ovos-native-toolcall-loop']['ovos-bus-toolbox'],
    ).toBeUndefined();
  });

  it('changes nothing without a bus URL, and gives installed bus toolboxes the app bus', () => {
    const p = persona({ toolboxes: ['ovos-bus-toolbox'] });
    expect(withAppBusUrl(p, null)).toBe(p);
    expect(defaultToolboxConfig('ovos-bus-toolbox', 'ws://127.0.0.1:9000/core')).toEqual({
      url: 'ws://127.0.0.1:9000/core',
    });
    expect(defaultToolboxConfig('ovos-math-tools', 'ws://127.0.0.1:9000/core')).toEqual({});
    expect(defaultToolboxConfig('ovos-bus-toolbox', null)).toEqual({});
  });
});
