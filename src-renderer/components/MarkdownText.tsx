import { memo, useMemo } from 'react';
import Markdown, { type Components } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { markdownChunks } from './markdown-chunks';

/**
 * Links open outside the app: a new browsing context, without an opener (in the desktop app the main process sends
 * it to the system browser, after asking). Images are not loaded from the answer: they become links to their source.
 */
const COMPONENTS: Components = {
  a: ({ href, children }) => (
    <a href={href} target="_blank" rel="noopener noreferrer">
      {children}
    </a>
  ),
  img: ({ src, alt }) =>
    typeof src === 'string' && src ? (
      <a href={src} target="_blank" rel="noopener noreferrer">
        {`image: ${alt || src}`}
      </a>
    ) : (
      <span>{alt}</span>
    ),
  // A wide table scrolls inside the card instead of widening it.
  table: ({ children }) => (
    <div className="table-scroll">
      <table>{children}</table>
    </div>
  ),
};

/** GitHub's markdown: tables, ~~strikethrough~~, task lists, bare links, footnotes. */
const PLUGINS = [remarkGfm];

/** One chunk of markdown, parsed once per text. */
const Chunk = memo(function Chunk({ text }: { text: string }) {
  return (
    <Markdown components={COMPONENTS} remarkPlugins={PLUGINS}>
      {text}
    </Markdown>
  );
});

/**
 * A model's answer as GitHub-flavoured markdown, rendered safely: raw HTML in it shows as text (no rehype-raw), `javascript:` and
 * other unsafe URLs are dropped (react-markdown's default URL transform). Chunked and memoized so a streaming
 * answer re-parses only its last paragraph per token.
 */
export const MarkdownText = memo(function MarkdownText({ text }: { text: string }) {
  const chunks = useMemo(() => markdownChunks(text), [text]);
  return (
    <>
      {chunks.map((c, i) => (
        <Chunk key={i} text={c} />
      ))}
    </>
  );
});
