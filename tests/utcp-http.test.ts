import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { UTCPToolBox } from '../src-main/core/toolboxes/utcp';
import { ToolExecutionError, ToolInputError, ToolRegistry, executeToolCall } from '../src-main/core/toolbox';

const WEATHER_INPUTS = {
  type: 'object',
  properties: { city: { type: 'string', description: 'City name' }, units: { type: 'string', enum: ['c', 'f'] } },
  required: ['city'],
};
const WEATHER_OUTPUTS = {
  type: 'object',
  properties: { city: { type: 'string' }, temperature: { type: 'number' } },
  required: ['city', 'temperature'],
};

/** A UTCP provider on 127.0.0.1: GET /utcp is its manual; the tools it lists are served here too. */
async function startProvider() {
  const requests: { method: string; url: string; body: string; authorization?: string }[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      requests.push({ method: req.method ?? '', url: req.url ?? '', body, authorization: req.headers.authorization });
      const url = new URL(req.url ?? '/', base);
      const json = (status: number, value: unknown) =>
        res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value));
      if (url.pathname === '/utcp') return json(200, manual());
      if (url.pathname === '/weather')
        return json(200, {
          city: url.searchParams.get('city'),
          temperature: url.searchParams.get('units') === 'f' ? 71.6 : 22,
        });
      if (url.pathname === '/shout')
        return res.writeHead(200, { 'content-type': 'text/plain' }).end(String(JSON.parse(body).text).toUpperCase());
      if (url.pathname === '/broken')
        return res.writeHead(500, { 'content-type': 'text/plain' }).end('database on fire');
      res.writeHead(404).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const manual = () => ({
    utcp_version: '1.0.0',
    manual_version: '1.0.0',
    tools: [
      {
        name: 'get_weather',
        description: 'Current weather for a city.',
        inputs: WEATHER_INPUTS,
        outputs: WEATHER_OUTPUTS,
        tags: ['weather'],
        tool_call_template: { call_template_type: 'http', http_method: 'GET', url: `${base}/weather` },
      },
      {
        name: 'shout.v2',
        description: 'Upper-cases a text.',
        inputs: {
          type: 'object',
          properties: { body: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] } },
          required: ['body'],
        },
        outputs: { type: 'string' },
        tags: [],
        tool_call_template: {
          call_template_type: 'http',
          http_method: 'POST',
          url: `${base}/shout`,
          body_field: 'body',
        },
      },
      {
        name: 'broken',
        description: 'Always fails.',
        inputs: { type: 'object', properties: {} },
        outputs: {},
        tags: [],
        tool_call_template: { call_template_type: 'http', http_method: 'GET', url: `${base}/broken` },
      },
    ],
  });
  return {
    base,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

describe('UTCPToolBox against a UTCP provider on loopback', () => {
  let provider: Awaited<ReturnType<typeof startProvider>>;
  let tb: UTCPToolBox;
  beforeAll(async () => {
    provider = await startProvider();
    tb = new UTCPToolBox({
      config: {
        utcp_config: {
          manual_call_templates: [
            { name: 'weather_api', call_template_type: 'http', http_method: 'GET', url: `${provider.base}/utcp` },
          ],
        },
        timeout: 5,
      },
    });
    await tb.ready;
  });
  afterAll(async () => {
    await tb.close();
    await provider.close();
  });

  test('tools are listed with their schemas, under names the model accepts', () => {
    expect(tb.discoveryError).toBeNull();
    expect(tb.toolJsonList.map((t) => t.name)).toEqual(['get_weather', 'shout_v2', 'broken']);
    const weather = tb.toolJsonList[0];
    expect(weather.argument_schema).toEqual(WEATHER_INPUTS);
    expect(weather.output_schema).toEqual(WEATHER_OUTPUTS);
    expect(weather.description).toBe('Current weather for a city.');
    expect(tb.toolJsonList[1].output_schema).toEqual({
      type: 'object',
      properties: { content: { type: 'string' } },
      required: ['content'],
    });
  });

  test('an object result is kept whole; a string result becomes content', async () => {
    expect(await tb.callTool('get_weather', { city: 'Lisbon', units: 'f' })).toEqual({
      city: 'Lisbon',
      temperature: 71.6,
    });
    expect(provider.requests.at(-1)).toMatchObject({ method: 'GET', url: '/weather?city=Lisbon&units=f' });
    expect(await tb.callTool('shout_v2', { body: { text: 'hello' } })).toEqual({ content: 'HELLO' });
    expect(provider.requests.at(-1)).toMatchObject({ method: 'POST', url: '/shout', body: '{"text":"hello"}' });
  });

  test('bad input is refused before any request; an HTTP 500 is a tool error with the status and body', async () => {
    const count = provider.requests.length;
    const bad = await tb.callTool('get_weather', { units: 'k' }).catch((e) => e);
    expect(bad).toBeInstanceOf(ToolInputError);
    expect(provider.requests.length).toBe(count);

    const error = await tb.callTool('broken', {}).catch((e) => e);
    expect(error).toBeInstanceOf(ToolExecutionError);
    expect(error.code).toBe('tool_execution_failed');
    expect(error.details.cause).toBe(
      `UTCP tool 'weather_api.broken' (GET ${provider.base}/broken) failed: HTTP 500 Internal Server Error: database on fire`,
    );
    const run = await executeToolCall(new ToolRegistry([tb]), 'broken', {});
    expect(run.ok).toBe(false);
    expect(run.content).toContain('HTTP 500');
  });
});

/** A toolbox with one manual, `weather`, on the provider, with these headers and variables. */
function weatherManual(
  base: string,
  headers: Record<string, string>,
  variables: Record<string, string> = {},
  name = 'weather',
) {
  return new UTCPToolBox({
    config: {
      utcp_config: {
        manual_call_templates: [{ name, call_template_type: 'http', http_method: 'GET', url: `${base}/utcp`, headers }],
        variables,
      },
      timeout: 5,
    },
  });
}

describe('UTCP variables', () => {
  test("a manual's ${NAME} is the variable <manual>_NAME (UTCP prefixes the manual's name)", async () => {
    const provider = await startProvider();
    const tb = weatherManual(provider.base, { Authorization: 'Bearer ${TOKEN}' }, { weather_TOKEN: 's3cret' });
    await tb.ready;
    expect(tb.discoveryError).toBeNull();
    expect(provider.requests[0]).toMatchObject({ url: '/utcp', authorization: 'Bearer s3cret' });
    await tb.close();
    // A _ in the manual's name is doubled in the variable's name.
    const snake = weatherManual(
      provider.base,
      { Authorization: 'Bearer ${TOKEN}' },
      { weather__api_TOKEN: 'snake' },
      'weather_api',
    );
    await snake.ready;
    expect(snake.discoveryError).toBeNull();
    expect(provider.requests.at(-1)).toMatchObject({ url: '/utcp', authorization: 'Bearer snake' });
    await snake.close();
    await provider.close();
  });

  test("the app's environment is never read for a variable: a missing one is an error naming it", async () => {
    const provider = await startProvider();
    process.env.weather_LEAK = 'env-secret';
    process.env.GITHUB_TOKEN_FOR_TEST = 'env-token';
    try {
      const missing = weatherManual(provider.base, { Authorization: 'Bearer ${LEAK}' });
      await missing.ready;
      expect(missing.discoveryError?.message).toContain(
        "UTCP variable 'weather_LEAK' is not set: add it under the toolbox's variables (the app's environment is not read for UTCP variables).",
      );
      expect(provider.requests).toEqual([]);
      await missing.close();
      // A variable's own value is taken as written, not filled in from the environment.
      const indirect = weatherManual(
        provider.base,
        { Authorization: 'Bearer ${TOKEN}' },
        { weather_TOKEN: '${GITHUB_TOKEN_FOR_TEST}' },
      );
      await indirect.ready;
      expect(provider.requests.map((r) => r.authorization)).toEqual(['Bearer ${GITHUB_TOKEN_FOR_TEST}']);
      await indirect.close();
    } finally {
      delete process.env.weather_LEAK;
      delete process.env.GITHUB_TOKEN_FOR_TEST;
      await provider.close();
    }
  });
});

describe('UTCPToolBox failures', () => {
  test('an unreachable manual is the discovery error', async () => {
    const provider = await startProvider();
    const url = `${provider.base}/utcp`;
    await provider.close();
    const tb = new UTCPToolBox({
      config: { utcp_config: { tool_providers: [{ name: 'gone', provider_type: 'http', url }] }, timeout: 5 },
    });
    await tb.ready;
    expect(tb.discoveryError?.message).toMatch(
      new RegExp(`^Cannot load UTCP manual 'gone' \\(${url.replace(/[.]/g, '\\.')}\\): .*ECONNREFUSED`),
    );
    expect(tb.tools.size).toBe(0);
    await tb.close();
  });

  test('a config without manuals says so', async () => {
    const tb = new UTCPToolBox({ config: {} });
    await tb.ready;
    expect(tb.discoveryError?.message).toBe(
      'Invalid UTCP toolbox config: utcp_config has no manual_call_templates (or tool_providers).',
    );
    await tb.close();
  });
});
