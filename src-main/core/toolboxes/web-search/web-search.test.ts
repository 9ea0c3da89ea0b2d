import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SEARCH_ENDPOINT } from '../../../../shared/plugins/toolboxes/web-search';
import { WebSearchToolBox, webSearchToolbox } from './index';
import { closedPort } from '../../testing/ports';

const DDG_PAGE = `<html><body>
<div class="result results_links results_links_deep web-result">
  <h2 class="result__title"><a rel="nofollow" class="result__a" href="//duckduckgo.com/l/?uddg=https%3A%2F%2Fopenvoiceos.org%2F&amp;rut=abc">Open<b>Voice</b>OS &amp; friends</a></h2>
  <a class="result__snippet" href="//duckduckgo.com/l/?uddg=x">The <b>open</b> voice assistant&#39;s home.</a>
</div>
<div class="result"><h2><a rel="nofollow" class="result__a" href="https://example.com/two">Two</a></h2>
  <a class="result__snippet" href="https://example.com/two">Second hit</a></div>
<div class="result"><h2><a rel="nofollow" class="result__a" href="https://example.com/three">Three</a></h2></div>
</body></html>`;

let server: Server;
let base: string;
const seen: string[] = [];
const routes: Record<string, (req: IncomingMessage, res: ServerResponse) => void> = {
  '/html/': (_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end(DDG_PAGE),
  '/json': (_req, res) =>
    res
      .writeHead(200, { 'content-type': 'application/json' })
      .end(JSON.stringify({ results: [{ title: 'J', url: 'https://j.example', content: 'json hit' }] })),
  '/down': (_req, res) => res.writeHead(503, 'Service Unavailable').end('busy'),
  '/hang': () => undefined,
};

beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push(req.url ?? '');
    routes[new URL(req.url ?? '/', 'http://x').pathname]?.(req, res);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  return new Promise<void>((r) => server.close(() => r()));
});

const search = (endpoint: string, args: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
  new WebSearchToolBox({ config: { endpoint, ...extra } }).callTool('web_search', args);

describe('WebSearchToolBox (ovos-web-search-tools)', () => {
  it("has OVOS's id, web_search, and DuckDuckGo's HTML endpoint by default", async () => {
    const tb = new WebSearchToolBox();
    await tb.ready;
    expect(webSearchToolbox.id).toBe('ovos-web-search-tools');
    expect([...tb.tools.keys()]).toEqual(['web_search']);
    expect(DEFAULT_SEARCH_ENDPOINT).toBe('https://html.duckduckgo.com/html/');
    expect(webSearchToolbox.config.parse({})).toMatchObject({ endpoint: DEFAULT_SEARCH_ENDPOINT, timeout_s: 10 });
  });

  it('sends the query to the configured endpoint and parses DuckDuckGo HTML into title, url, snippet', async () => {
    const out = await search(`${base}/html/`, { query: 'open voice os', max_results: 2 });
    expect(seen.at(-1)).toBe('/html/?q=open+voice+os');
    expect(out).toEqual({
      query: 'open voice os',
      results: [
        {
          title: 'OpenVoiceOS & friends',
          url: 'https://openvoiceos.org/',
          snippet: "The open voice assistant's home.",
        },
        { title: 'Two', url: 'https://example.com/two', snippet: 'Second hit' },
      ],
    });
    expect((await search(`${base}/html/`, { query: 'x' })).results).toHaveLength(3);
  });

  it('puts the query in place of {query}, and reads a JSON endpoint', async () => {
    const out = await search(`${base}/json?format=json&q={query}`, { query: 'a&b' });
    expect(seen.at(-1)).toBe('/json?format=json&q=a%26b');
    expect(out.results).toEqual([{ title: 'J', url: 'https://j.example', snippet: 'json hit' }]);
  });

  it('an HTTP error is the Search error result', async () => {
    expect(await search(`${base}/down`, { query: 'q' })).toEqual({
      query: 'q',
      results: [{ title: 'Search error', url: '', snippet: 'Web search failed: HTTP 503 Service Unavailable' }],
    });
  });

  it('offline (nothing listening) it answers the Search error result at once', async () => {
    const started = Date.now();
    const out = await search(`http://127.0.0.1:${await closedPort()}/html/`, { query: 'q' });
    expect(Date.now() - started).toBeLessThan(2000);
    expect(out.results).toEqual([
      { title: 'Search error', url: '', snippet: expect.stringMatching(/^Web search failed: .*ECONNREFUSED/) },
    ]);
  });

  it('a server that never answers is the Search error result after timeout_s, not a hang', async () => {
    const started = Date.now();
    const out = await search(`${base}/hang`, { query: 'q' }, { timeout_s: 0.3 });
    const took = Date.now() - started;
    expect(took).toBeGreaterThanOrEqual(250);
    expect(took).toBeLessThan(2000);
    expect(out.results).toEqual([
      {
        title: 'Search error',
        url: '',
        snippet: `Web search failed: no answer from ${new URL(base).host} within 0.3 s`,
      },
    ]);
  });
});

describe('parseDuckDuckGoHtml', () => {
  it("reads DuckDuckGo's lite page too (result-link / result-snippet)", async () => {
    const { parseDuckDuckGoHtml } = await import('./parse-results');
    const lite = `<table><tr><td><a rel="nofollow" href="https://ovos.example/" class='result-link'>OVOS</a></td></tr>
      <tr><td class='result-snippet'>Voice <b>stack</b></td></tr></table>`;
    expect(parseDuckDuckGoHtml(lite, 5)).toEqual([
      { title: 'OVOS', url: 'https://ovos.example/', snippet: 'Voice stack' },
    ]);
  });
});
