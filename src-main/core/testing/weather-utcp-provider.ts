import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the provider got: its path and query, and its Authorization header. */
export interface ProviderRequest {
  url: string;
  authorization: string | undefined;
}

/**
 * A one-tool UTCP provider on loopback for tests: GET /utcp is its manual (`get_weather`, a city in, its city and
 * temperature out), GET /weather?city=… answers it with 21.5 degrees. Every request is kept in `requests`.
 */
export async function startWeatherUtcpProvider() {
  const requests: ProviderRequest[] = [];
  let base = '';
  const server = http.createServer((req, res) => {
    requests.push({ url: req.url ?? '', authorization: req.headers.authorization });
    const url = new URL(req.url ?? '/', base);
    const json = (value: unknown) =>
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(value));
    if (url.pathname !== '/utcp') return json({ city: url.searchParams.get('city'), temperature: 21.5 });
    json({
      utcp_version: '1.0.0',
      manual_version: '1.0.0',
      tools: [
        {
          name: 'get_weather',
          description: 'Current weather for a city.',
          inputs: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
          outputs: {
            type: 'object',
            properties: { city: { type: 'string' }, temperature: { type: 'number' } },
            required: ['city', 'temperature'],
          },
          tags: [],
          tool_call_template: { call_template_type: 'http', http_method: 'GET', url: `${base}/weather` },
        },
      ],
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    /** The manual's URL. */
    url: `${base}/utcp`,
    requests,
    close: () => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
  };
}
