import { useState } from 'react';
import type { ErrorValue } from '../../../shared/domain/errors';
import type { ResourceContents } from '../../../shared/domain/resource';
import { toErrorValue } from '../../lib/api-error';
import { ErrorNotice } from '../ErrorNotice';
import { Modal } from '../Modal';
import { AudioBlock, FileBlock, ImageBlock } from './MediaBlocks';
import { formatBytes, type EmbeddedResource } from './result-blocks';
import { TextBlock } from './TextBlock';

/** Reads a resource through the server that named it (the Tools pane and TOOL cards pass one; none: no Open). */
export type OpenResource = (uri: string) => Promise<ResourceContents[]>;

/** A resource's contents, each as what it is: text, image, audio, or bytes to save. */
export function ResourceContentsView({ contents }: { contents: EmbeddedResource }) {
  const mimeType = contents.mimeType ?? 'application/octet-stream';
  if (contents.text !== undefined) return <TextBlock text={contents.text} testId="resource-text" />;
  if (contents.blob === undefined) return <div className="small muted">No contents.</div>;
  if (mimeType.startsWith('image/')) return <ImageBlock data={contents.blob} mimeType={mimeType} uri={contents.uri} />;
  if (mimeType.startsWith('audio/')) return <AudioBlock data={contents.blob} mimeType={mimeType} uri={contents.uri} />;
  return <FileBlock data={contents.blob} mimeType={mimeType} uri={contents.uri} />;
}

type Opened = { uri: string } & (
  { state: 'loading' } | { state: 'done'; contents: ResourceContents[] } | { state: 'failed'; error: ErrorValue }
);

/** The Open button of a resource and the dialog with what the server read. */
function OpenButton({ uri, onOpen }: { uri: string; onOpen?: OpenResource }) {
  const [opened, setOpened] = useState<Opened | null>(null);
  if (!onOpen) return null;
  const open = async () => {
    setOpened({ uri, state: 'loading' });
    try {
      const contents = await onOpen(uri);
      setOpened((o) => (o?.uri === uri ? { uri, state: 'done', contents } : o));
    } catch (e) {
      setOpened((o) => (o?.uri === uri ? { uri, state: 'failed', error: toErrorValue(e) } : o));
    }
  };
  return (
    <>
      <button type="button" className="small" onClick={() => void open()} title="Read it through the server">
        Open
      </button>
      {opened && (
        <Modal title="Resource" wide testId="resource-dialog" onClose={() => setOpened(null)}>
          <code className="wrap small">{opened.uri}</code>
          {opened.state === 'loading' && (
            <div className="small muted">
              <span className="spinner" /> Reading it through the server…
            </div>
          )}
          {opened.state === 'failed' && <ErrorNotice error={opened.error} testId="resource-error" />}
          {opened.state === 'done' &&
            (opened.contents.length ? (
              opened.contents.map((c, i) => (
                <div key={i} className="stack" style={{ gap: 6 }}>
                  {opened.contents.length > 1 && <code className="wrap small muted">{c.uri}</code>}
                  <ResourceContentsView contents={c} />
                </div>
              ))
            ) : (
              <div className="small muted">The server returned no contents for this resource.</div>
            ))}
        </Modal>
      )}
    </>
  );
}

/** The head of a resource block: its kind, what the server said of it, Open, and its URI. */
function ResourceHead({
  kind,
  uri,
  name,
  mimeType,
  size,
  onOpen,
}: {
  kind: 'link' | 'resource';
  uri: string;
  name?: string;
  mimeType?: string;
  size?: number;
  onOpen?: OpenResource;
}) {
  return (
    <>
      <div className="result-meta small">
        <span className="badge">{kind}</span>
        {name && <strong>{name}</strong>}
        {mimeType && <span className="badge">{mimeType}</span>}
        {size !== undefined && <span className="muted">{formatBytes(size)}</span>}
        <span className="spacer" />
        <OpenButton uri={uri} onOpen={onOpen} />
      </div>
      <code className="wrap small" data-testid="resource-uri">
        {uri}
      </code>
    </>
  );
}

/** A resource link: its name, URI, type, description and size (when the server gave them), and Open. */
export function ResourceLinkBlock({
  link,
  onOpen,
}: {
  link: { uri: string; name?: string; title?: string; description?: string; mimeType?: string; size?: number };
  onOpen?: OpenResource;
}) {
  return (
    <div className="result-block result-resource" data-testid="result-resource-link">
      <ResourceHead
        kind="link"
        uri={link.uri}
        name={link.title ?? link.name}
        mimeType={link.mimeType}
        size={link.size}
        onOpen={onOpen}
      />
      {link.description && <div className="small muted">{link.description}</div>}
    </div>
  );
}

/** An embedded resource: its URI and type, its contents (folded), and Open to read it again through the server. */
export function EmbeddedResourceBlock({ resource, onOpen }: { resource: EmbeddedResource; onOpen?: OpenResource }) {
  return (
    <div className="result-block result-resource" data-testid="result-resource">
      <ResourceHead kind="resource" uri={resource.uri} mimeType={resource.mimeType} onOpen={onOpen} />
      <details>
        <summary className="small">Embedded contents</summary>
        <ResourceContentsView contents={resource} />
      </details>
    </div>
  );
}
