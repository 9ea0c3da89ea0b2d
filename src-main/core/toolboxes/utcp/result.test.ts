import { describe, expect, test } from 'vitest';
import { localCandidates, mapUTCPResult, utcpOutputSchema } from './result';
import { parseUTCPConfig } from './config';
import { validateWith } from '../../toolbox';

describe('UTCP mapping', () => {
  test('a string result is content, an object is kept whole, anything else is result', () => {
    expect(mapUTCPResult('hi')).toEqual({ content: 'hi' });
    expect(mapUTCPResult({ a: 1 })).toEqual({ a: 1 });
    expect(mapUTCPResult([1, 2])).toEqual({ result: [1, 2] });
    expect(mapUTCPResult(undefined)).toEqual({ result: null });
  });

  test('the output schema fits the mapping of what the outputs declare', () => {
    const cases: [unknown, unknown][] = [
      [{ type: 'string' }, 'text'],
      [{ type: 'object', properties: { a: { type: 'number' } } }, { a: 1 }],
      [{ type: 'array', items: { type: 'number' } }, [1, 2]],
      [{}, 'anything'],
      [undefined, { any: 'thing' }],
    ];
    for (const [outputs, value] of cases)
      expect(validateWith(utcpOutputSchema(outputs as never), mapUTCPResult(value)).ok, JSON.stringify(outputs)).toBe(
        true,
      );
    expect(validateWith(utcpOutputSchema({ type: 'string' }), mapUTCPResult(3)).ok).toBe(false);
  });

  test('manual prefixes are dropped unless two manuals share a tool name', () => {
    expect(localCandidates(['weather.get', 'weather.forecast.v2', 'maps.get'])).toEqual([
      'weather__get',
      'forecast.v2',
      'maps__get',
    ]);
  });

  test("OVOS's older tool_providers become HTTP call templates", () => {
    const parsed = parseUTCPConfig({
      utcp_config: {
        tool_providers: [{ name: 'calc', provider_type: 'http', url: 'http://127.0.0.1:8337/tools/manual' }],
      },
      timeout: 5,
    });
    expect(parsed).toEqual({
      templates: [
        { call_template_type: 'http', http_method: 'GET', name: 'calc', url: 'http://127.0.0.1:8337/tools/manual' },
      ],
      variables: {},
      timeoutS: 5,
    });
    expect(() =>
      parseUTCPConfig({ timeout: -1, utcp_config: { manual_call_templates: [{ url: 'http://127.0.0.1/utcp' }] } }),
    ).toThrow(/^Invalid UTCP toolbox config: timeout/);
    expect(() => parseUTCPConfig({ utcp_config: { manual_call_templates: [{ name: 'x' }] } })).toThrow(
      /^Invalid UTCP toolbox config: utcp_config\.manual_call_templates\.0\.url/,
    );
  });
});
