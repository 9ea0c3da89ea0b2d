import type { McpResourceContents } from '../../../../shared/domain/mcp';
import { CopyButton } from '../../../components/CopyButton';

/** Image types shown as a preview (raster only: an <img> never runs what an SVG might carry, but keep it plain). */
const RASTER = /^image\/(png|jpeg|gif|webp)$/;

/** Bytes as people read them. */
export function sizeText(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** The decoded size of base64 data. */
export function base64Bytes(data: string): number {
  const pad = data.endsWith('==') ? 2 : data.endsWith('=') ? 1 : 0;
  return Math.max(0, Math.floor((data.length * 3) / 4) - pad);
}

/** What `resources/read` returned: each item's URI and type, text as text, a blob as its type and size. */
export function ResourceContents({ uri, contents }: { uri: string; contents: McpResourceContents[] }) {
  return (
    <section className="card mcp-contents" data-testid="resource-contents" aria-label={`Contents of ${uri}`}>
      <div className="mcp-uri">
        <code>{uri}</code>
      </div>
      {!contents.length && <p className="small muted">The server returned no contents for this URI.</p>}
      {contents.map((c, i) => (
        <div key={i} className="mcp-content-item">
          <div className="row small muted">
            <span className="grow">
              {c.uri !== uri && <code>{c.uri} · </code>}
              {c.mimeType ?? 'no type given'}
            </span>
            {typeof c.text === 'string' && (
              <>
                <span>{c.text.length.toLocaleString('en')} characters</span>
                <CopyButton text={c.text} />
              </>
            )}
          </div>
          {typeof c.text === 'string' ? (
            <pre className="json" data-testid="resource-text">
              {c.text}
            </pre>
          ) : typeof c.blob === 'string' ? (
            <>
              <p className="small" data-testid="resource-blob">
                Binary content: {c.mimeType ?? 'unknown type'}, {sizeText(base64Bytes(c.blob))}
              </p>
              {c.mimeType && RASTER.test(c.mimeType) && (
                <img className="mcp-blob-image" src={`data:${c.mimeType};base64,${c.blob}`} alt={`Image ${c.uri}`} />
              )}
            </>
          ) : (
            <p className="small muted">Neither text nor blob.</p>
          )}
        </div>
      ))}
    </section>
  );
}
