import { base64Bytes, formatBytes } from '../../../shared/domain/byte-size';

/** Sizes as main writes them in the stub a model is fed. */
export { base64Bytes, formatBytes } from '../../../shared/domain/byte-size';

/**
 * A tool result as content blocks, to show each as what it is (text, image, audio, resource). Reads our MCP result
 * (`{content, is_error, structured, raw}`) and also a plain MCP CallToolResult (`{content: [...], isError}`).
 */

/** One MCP content block, checked enough to render; anything else stays `unknown` (shown as JSON). */
export type ContentBlock =
  | { type: 'text'; text: string }
  | { type: 'image'; data: string; mimeType: string }
  | { type: 'audio'; data: string; mimeType: string }
  | {
      type: 'resource_link';
      uri: string;
      name?: string;
      title?: string;
      description?: string;
      mimeType?: string;
      size?: number;
    }
  | { type: 'resource'; resource: EmbeddedResource }
  | { type: 'unknown'; value: unknown };

/** An embedded resource's contents: text, or a base64 blob. */
export interface EmbeddedResource {
  uri: string;
  mimeType?: string;
  text?: string;
  blob?: string;
}

/** What the view shows of an MCP-style result. */
export interface ResultBlocks {
  isError: boolean;
  blocks: ContentBlock[];
  /** The structured content; undefined when the result has none (null counts as none). */
  structured: unknown;
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => !!v && typeof v === 'object' && !Array.isArray(v);
const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

/** The result's content blocks, or null when it is not an MCP-style result (then it is shown as JSON). */
export function resultBlocks(result: unknown): ResultBlocks | null {
  if (!isObj(result)) return null;
  let raw: unknown[] | null = null;
  let isError = false;
  let structured: unknown;
  if (Array.isArray(result.raw) && typeof result.is_error === 'boolean') {
    raw = result.raw;
    isError = result.is_error;
    structured = result.structured;
  } else if (Array.isArray(result.content) && result.content.every((b) => isObj(b) && typeof b.type === 'string')) {
    raw = result.content;
    isError = result.isError === true;
    structured = result.structuredContent;
  }
  if (!raw) return null;
  return { isError, blocks: raw.map(toBlock), structured: structured ?? undefined };
}

function toBlock(b: unknown): ContentBlock {
  if (!isObj(b)) return { type: 'unknown', value: b };
  const mimeType = str(b.mimeType);
  switch (b.type) {
    case 'text':
      if (typeof b.text === 'string') return { type: 'text', text: b.text };
      break;
    case 'image':
    case 'audio':
      if (typeof b.data === 'string' && mimeType) return { type: b.type, data: b.data, mimeType };
      break;
    case 'resource_link':
      if (typeof b.uri === 'string')
        return {
          type: 'resource_link',
          uri: b.uri,
          name: str(b.name),
          title: str(b.title),
          description: str(b.description),
          mimeType,
          size: typeof b.size === 'number' ? b.size : undefined,
        };
      break;
    case 'resource': {
      const r = b.resource;
      if (isObj(r) && typeof r.uri === 'string')
        return {
          type: 'resource',
          resource: { uri: r.uri, mimeType: str(r.mimeType), text: str(r.text), blob: str(r.blob) },
        };
      break;
    }
  }
  return { type: 'unknown', value: b };
}

/** The UTF-8 size of a text. */
export function textBytes(text: string): number {
  return new TextEncoder().encode(text).length;
}

/** A short name for a block in one line (folded TOOL cards): its text, or `[image/png, 1.2 KB]`. */
function blockLine(b: ContentBlock): string {
  switch (b.type) {
    case 'text':
      return b.text;
    case 'image':
    case 'audio':
      return `[${b.type} ${b.mimeType}, ${formatBytes(base64Bytes(b.data))}]`;
    case 'resource_link':
      return `[link ${b.uri}]`;
    case 'resource':
      return `[resource ${b.resource.uri}]`;
    case 'unknown':
      return JSON.stringify(b.value) ?? '';
  }
}

/** The result in one line, without base64: its blocks' text and a label for each image, audio or resource. */
export function resultLine(result: unknown): string {
  const view = resultBlocks(result);
  if (!view) return JSON.stringify(result) ?? 'undefined';
  const line = view.blocks.map(blockLine).join(' ').replace(/\s+/g, ' ').trim();
  return line || (view.structured !== undefined ? (JSON.stringify(view.structured) ?? '') : '(no content)');
}

/** A file name to save a block under: `image.png`, `audio.wav`, or the URI's last segment. */
export function fileNameFor(kind: string, mimeType: string | undefined, uri?: string): string {
  const last = uri?.split(/[/?#]/).filter(Boolean).pop();
  if (last && /\.[a-z0-9]{1,8}$/i.test(last)) return last;
  const sub = (mimeType?.split('/')[1] ?? 'bin').split(/[+;]/)[0].replace(/[^a-z0-9]/gi, '') || 'bin';
  const ext = sub === 'jpeg' ? 'jpg' : sub === 'mpeg' ? 'mp3' : sub === 'plain' ? 'txt' : sub;
  return `${last ?? kind}.${ext}`;
}

/** Decodes base64 to bytes (null when it is not base64). */
export function decodeBase64(b64: string): Uint8Array<ArrayBuffer> | null {
  try {
    const bin = atob(b64.replace(/\s/g, ''));
    const bytes = new Uint8Array(bin.length);
    for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
    return bytes;
  } catch {
    return null;
  }
}
