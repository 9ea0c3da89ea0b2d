import { z } from 'zod';

/** DuckDuckGo's HTML endpoint (what OVOS's duckduckgo-search library reads); no API key. */
export const DEFAULT_SEARCH_ENDPOINT = 'https://html.duckduckgo.com/html/';

/** Config block of `ovos-web-search-tools` (OVOS's has none; the endpoint and the time limit are this app's). */
export const WebSearchToolsConfig = z
  .object({
    endpoint: z
      .url({ protocol: /^https?$/ })
      .default(DEFAULT_SEARCH_ENDPOINT)
      .meta({
        title: 'Search endpoint',
        description:
          "Where queries go, as ?q=<query> (or in place of {query}). DuckDuckGo's HTML page by default; an endpoint answering JSON with results [{title, url, content}] (e.g. SearXNG with format=json) works too.",
      }),
    timeout_s: z.number().min(0.1).max(120).default(10).meta({
      title: 'Time limit (seconds)',
      description: 'After this, or when offline, web_search answers its "Search error" result.',
    }),
  })
  .strict();
export type WebSearchToolsConfig = z.infer<typeof WebSearchToolsConfig>;
