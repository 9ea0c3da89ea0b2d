import { z } from 'zod';
import { WebSearchToolsConfig } from '../../../../shared/plugins/toolboxes/web-search';
import { defineTool, ToolArguments, ToolOutput, type AgentTool } from '../../toolbox';
import { ToolBox } from '../../toolbox';
import { defineToolbox } from '../toolbox-descriptor';
import { parseDuckDuckGoHtml, parseJsonResults, type SearchHit } from './parse-results';

const MAX_BODY_BYTES = 2_000_000;
const MAX_RESULTS = 50;

export const WebSearchArgs = ToolArguments.extend({
  query: z.string().describe('Search query string.'),
  max_results: z.number().int().default(5).describe('Maximum number of results to return.'),
});
export const WebSearchOutput = ToolOutput.extend({
  results: z.array(z.record(z.string(), z.string())).describe('List of results, each with keys: title, url, snippet.'),
  query: z.string().describe('The query that was executed.'),
});

/** OVOS's answer when the search fails: one result titled "Search error". */
export const searchError = (reason: string): SearchHit => ({
  title: 'Search error',
  url: '',
  snippet: `Web search failed: ${reason}`,
});

/** The request URL: the query in place of `{query}`, else as `q`. */
export function searchUrl(endpoint: string, query: string): string {
  if (endpoint.includes('{query}')) return endpoint.replaceAll('{query}', encodeURIComponent(query));
  const url = new URL(endpoint);
  url.searchParams.set('q', query);
  return url.toString();
}

async function readBounded(response: Response): Promise<string> {
  const reader = response.body?.getReader();
  if (!reader) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > MAX_BODY_BYTES) {
      await reader.cancel();
      throw new Error(`the answer is larger than ${MAX_BODY_BYTES} bytes`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function reasonOf(error: unknown, config: WebSearchToolsConfig): string {
  const e = error as { name?: string; message?: string; cause?: { code?: string; message?: string } };
  if (e?.name === 'TimeoutError') return `no answer from ${new URL(config.endpoint).host} within ${config.timeout_s} s`;
  const cause = e?.cause?.code ?? e?.cause?.message;
  return cause ? `${e.message} (${cause})` : String(e?.message ?? error);
}

/** Runs one search; never throws and never outlasts `timeout_s` (offline: the "Search error" result at once). */
export async function webSearch(
  config: WebSearchToolsConfig,
  query: string,
  maxResults: number,
  signal?: AbortSignal,
): Promise<SearchHit[]> {
  const max = Math.max(0, Math.min(maxResults, MAX_RESULTS));
  const timeout = AbortSignal.timeout(Math.round(config.timeout_s * 1000));
  try {
    const response = await fetch(searchUrl(config.endpoint, query), {
      headers: { 'User-Agent': 'Mozilla/5.0 (persona-studio)', Accept: 'text/html,application/json' },
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      redirect: 'follow',
    });
    const body = await readBounded(response);
    if (!response.ok) return [searchError(`HTTP ${response.status} ${response.statusText}`.trim())];
    if (/json/i.test(response.headers.get('content-type') ?? '')) return parseJsonResults(JSON.parse(body), max);
    return parseDuckDuckGoHtml(body, max);
  } catch (error) {
    return [searchError(reasonOf(error, config))];
  }
}

/**
 * OVOS's `ovos-web-search-tools`: `web_search` (DuckDuckGo by default; the endpoint is a setting). Any failure,
 * offline included, is OVOS's "Search error" result within the time limit, never a hang.
 */
export class WebSearchToolBox extends ToolBox {
  static readonly defaultId = 'ovos-web-search-tools';

  discoverTools(): AgentTool[] {
    const config = WebSearchToolsConfig.parse(this.config);
    return [
      defineTool({
        name: 'web_search',
        description:
          'Search the web using DuckDuckGo and return a list of results with title, URL, and snippet for each.',
        argumentSchema: WebSearchArgs,
        outputSchema: WebSearchOutput,
        toolCall: async ({ query, max_results }, ctx) => ({
          results: await webSearch(config, query, max_results, ctx.signal),
          query,
        }),
      }),
    ];
  }
}

/** The `ovos-web-search-tools` plugin. */
export const webSearchToolbox = defineToolbox({
  id: WebSearchToolBox.defaultId,
  title: 'Web search',
  description: 'Search the web (DuckDuckGo by default, or the endpoint you set): title, URL and snippet per result.',
  config: WebSearchToolsConfig,
  source: 'builtin',
  create: (options) => new WebSearchToolBox(options),
});
