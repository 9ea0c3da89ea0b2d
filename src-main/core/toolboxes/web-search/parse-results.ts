/** One search hit, in OVOS's shape. */
export type SearchHit = {
  title: string;
  url: string;
  snippet: string;
};

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** Text of an HTML fragment: tags dropped, entities decoded, spaces collapsed. */
export function htmlText(html: string): string {
  return html
    .replace(/<[^>]*>/g, '')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
      if (name[0] === '#') {
        const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
        return Number.isFinite(code) && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
      }
      return ENTITIES[name.toLowerCase()] ?? whole;
    })
    .replace(/\s+/g, ' ')
    .trim();
}

/** DuckDuckGo links go through its redirect (`//duckduckgo.com/l/?uddg=<target>`): the target. */
export function resultUrl(href: string): string {
  const raw = htmlText(href);
  try {
    const url = new URL(raw, 'https://duckduckgo.com');
    const target = url.pathname === '/l/' ? url.searchParams.get('uddg') : null;
    return target ?? url.toString();
  } catch {
    return raw;
  }
}

const attr = (tag: string, name: string) => new RegExp(`${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)')`, 'i').exec(tag);
const hasClass = (tag: string, cls: string) => {
  const m = attr(tag, 'class');
  return !!m && (m[1] ?? m[2]).split(/\s+/).includes(cls);
};

/**
 * Hits of a DuckDuckGo HTML page (`result__a` / `result__snippet`) or lite page (`result-link` /
 * `result-snippet`): each title link starts a hit, the next snippet is its snippet.
 */
export function parseDuckDuckGoHtml(html: string, max: number): SearchHit[] {
  const hits: SearchHit[] = [];
  const lower = html.toLowerCase();
  const opening = /<(a|td)\b([^>]*)>/gi;
  for (let m = opening.exec(html); m; m = opening.exec(html)) {
    const [, name, attrs] = m;
    const end = lower.indexOf(`</${name.toLowerCase()}>`, opening.lastIndex);
    const inner = html.slice(opening.lastIndex, end === -1 ? undefined : end);
    if (hasClass(attrs, 'result__a') || hasClass(attrs, 'result-link')) {
      if (hits.length >= max) break;
      const href = attr(attrs, 'href');
      hits.push({ title: htmlText(inner), url: href ? resultUrl(href[1] ?? href[2]) : '', snippet: '' });
    } else if ((hasClass(attrs, 'result__snippet') || hasClass(attrs, 'result-snippet')) && hits.length) {
      const last = hits[hits.length - 1];
      if (!last.snippet) last.snippet = htmlText(inner);
    }
  }
  return hits;
}

/** Hits of a JSON answer: `{results: [...]}` or an array, each with title, url|href, content|snippet|body. */
export function parseJsonResults(body: unknown, max: number): SearchHit[] {
  const list = Array.isArray(body) ? body : (body as { results?: unknown } | null)?.results;
  if (!Array.isArray(list)) throw new Error('the JSON answer has no results list');
  const text = (v: unknown) => (typeof v === 'string' ? v : '');
  return list.slice(0, max).map((r: Record<string, unknown>) => ({
    title: text(r?.title),
    url: text(r?.url) || text(r?.href),
    snippet: text(r?.content) || text(r?.snippet) || text(r?.body),
  }));
}
