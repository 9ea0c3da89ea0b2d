import { useMemo, useState } from 'react';
import { Modal } from '../Modal';
import { saveFile } from '../../lib/save-file';
import { base64Bytes, decodeBase64, fileNameFor, formatBytes } from './result-blocks';

/** The data: URL of base64 bytes, built once per block (a large image's base64 is megabytes). */
function useDataUrl(data: string, mimeType: string): string {
  return useMemo(() => `data:${mimeType};base64,${data.replace(/\s/g, '')}`, [data, mimeType]);
}

/** The size and type line of a media block, with its Save button. */
function MediaMeta({
  kind,
  data,
  mimeType,
  uri,
  children,
}: {
  kind: 'image' | 'audio' | 'file';
  data: string;
  mimeType: string;
  uri?: string;
  children?: React.ReactNode;
}) {
  const name = fileNameFor(kind, mimeType, uri);
  const bytes = useMemo(() => base64Bytes(data), [data]);
  const save = () => {
    const decoded = decodeBase64(data);
    if (decoded) saveFile(decoded, mimeType, name);
  };
  return (
    <div className="result-meta small">
      <span className="badge">{mimeType}</span>
      <span className="muted" data-testid="media-size" title={`${bytes.toLocaleString('en')} bytes`}>
        {formatBytes(bytes)}
      </span>
      <span className="spacer" />
      {children}
      <button type="button" className="small" onClick={save} title={`Save as ${name}`}>
        Save
      </button>
    </div>
  );
}

/** An image block: a preview, its type and size, Open full size (a dialog) and Save. */
export function ImageBlock({ data, mimeType, uri }: { data: string; mimeType: string; uri?: string }) {
  const [full, setFull] = useState(false);
  const [broken, setBroken] = useState(false);
  const src = useDataUrl(data, mimeType);
  const shown = mimeType.startsWith('image/') && !broken;
  return (
    <figure className="result-block result-image" data-testid="result-image">
      <MediaMeta kind="image" data={data} mimeType={mimeType} uri={uri}>
        {shown && (
          <button type="button" className="small" onClick={() => setFull(true)}>
            Open full size
          </button>
        )}
      </MediaMeta>
      {shown ? (
        <img
          className="preview"
          src={src}
          alt={`Image from the tool (${mimeType})`}
          onClick={() => setFull(true)}
          onError={() => setBroken(true)}
        />
      ) : (
        <div className="notice warn small">
          {broken ? 'This image could not be decoded.' : `Not shown: ${mimeType} is not an image type.`} Save keeps its
          bytes.
        </div>
      )}
      {full && (
        <Modal title="Image" wide testId="image-lightbox" onClose={() => setFull(false)}>
          <FullSize src={src} mimeType={mimeType} bytes={base64Bytes(data)} />
        </Modal>
      )}
    </figure>
  );
}

/** Images smaller than this (px wide) are shown enlarged by a whole factor, pixels kept sharp. */
const SMALL = 80;

/** The image at its natural size (a tiny one enlarged, and it says so), with its dimensions. */
function FullSize({ src, mimeType, bytes }: { src: string; mimeType: string; bytes: number }) {
  const [size, setSize] = useState<{ w: number; h: number } | null>(null);
  const scale = size && size.w > 0 && size.w < SMALL ? Math.floor((SMALL * 2) / size.w) : 1;
  return (
    <>
      <div className="lightbox">
        <img
          src={src}
          alt={`Image from the tool (${mimeType}), full size`}
          onLoad={(e) => setSize({ w: e.currentTarget.naturalWidth, h: e.currentTarget.naturalHeight })}
          style={size ? { width: size.w * scale, height: size.h * scale } : undefined}
          className={scale > 1 ? 'pixelated' : undefined}
        />
      </div>
      <div className="small muted" data-testid="lightbox-size">
        {mimeType} · {formatBytes(bytes)}
        {size && ` · ${size.w} × ${size.h} px`}
        {scale > 1 && ` · shown ${scale}× enlarged`}
      </div>
    </>
  );
}

/** An audio block: a player, its type and size, and Save. */
export function AudioBlock({ data, mimeType, uri }: { data: string; mimeType: string; uri?: string }) {
  return (
    <div className="result-block result-audio" data-testid="result-audio">
      <MediaMeta kind="audio" data={data} mimeType={mimeType} uri={uri} />
      <audio controls preload="metadata" src={useDataUrl(data, mimeType)}>
        Your browser cannot play {mimeType}.
      </audio>
    </div>
  );
}

/** Bytes that are neither image nor audio (a blob resource): their type and size, and Save. */
export function FileBlock({ data, mimeType, uri }: { data: string; mimeType: string; uri?: string }) {
  return (
    <div className="result-block" data-testid="result-file">
      <MediaMeta kind="file" data={data} mimeType={mimeType} uri={uri} />
    </div>
  );
}
