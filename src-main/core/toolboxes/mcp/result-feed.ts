import { base64Bytes, formatBytes, type FeedPart, type ModelFeed } from '../../toolbox/model-feed';

type Block = Record<string, unknown>;

const str = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/** One MCP content block as feed parts: text as it is, images and audio as media, resources as a line naming them. */
function blockParts(block: Block): FeedPart[] {
  switch (block.type) {
    case 'text':
      return str(block.text) === null ? [] : [{ kind: 'text', text: block.text as string }];
    case 'image':
    case 'audio': {
      const data = str(block.data) ?? '';
      return [
        {
          kind: block.type,
          mimeType: str(block.mimeType) ?? 'application/octet-stream',
          data,
          bytes: base64Bytes(data),
        },
      ];
    }
    case 'resource_link': {
      const name = str(block.title) ?? str(block.name);
      const type = str(block.mimeType);
      const about = [name, type].filter(Boolean).join(', ');
      return [{ kind: 'text', text: `[resource link: ${str(block.uri) ?? '?'}${about ? ` (${about})` : ''}]` }];
    }
    case 'resource': {
      const resource = (block.resource && typeof block.resource === 'object' ? block.resource : {}) as Block;
      const uri = str(resource.uri) ?? '?';
      const type = str(resource.mimeType);
      const text = str(resource.text);
      if (text !== null) return [{ kind: 'text', text: `[resource: ${uri}${type ? ` (${type})` : ''}]\n${text}` }];
      const blob = str(resource.blob) ?? '';
      if (type?.startsWith('image/')) return [{ kind: 'image', mimeType: type, data: blob, bytes: base64Bytes(blob) }];
      return [
        {
          kind: 'text',
          text: `[resource: ${uri}, ${type ?? 'binary'}, ${formatBytes(base64Bytes(blob))}, not shown to this model]`,
        },
      ];
    }
    default:
      return [{ kind: 'text', text: `[${typeof block.type === 'string' ? block.type : 'unknown'} content block]` }];
  }
}

const BASE64 = /^[A-Za-z0-9+/\r\n]+={0,2}$/;

/** A JSON.stringify replacer that puts a note in place of a long base64 string (binary data the model cannot use). */
function withoutBase64(_key: string, value: unknown): unknown {
  if (typeof value !== 'string' || value.length < 1024 || !BASE64.test(value)) return value;
  return `[base64 data, ${formatBytes(base64Bytes(value))}, not shown to this model]`;
}

/**
 * What the model is fed of an MCP tool result (`{content, is_error, structured, raw}`): the content blocks in order
 * (text, media, resources), else (no block says anything) the structured content as JSON, long base64 strings in it
 * replaced by a note; an `is_error` result says so first. Null when the
 * value is not such a result (a mocked one of another shape): it is then fed as its JSON.
 */
export function mcpModelFeed(result: unknown): ModelFeed | null {
  if (!result || typeof result !== 'object') return null;
  const r = result as Block;
  if (typeof r.content !== 'string' || !Array.isArray(r.raw ?? [])) return null;
  let parts: FeedPart[] = [];
  let said = false;
  // One pass (this runs on every MCP result): a text block is its text, other blocks go through blockParts.
  for (const b of (r.raw ?? []) as unknown[]) {
    if (!b || typeof b !== 'object') continue;
    const block = b as Block;
    if (block.type === 'text' && typeof block.text === 'string') {
      parts.push({ kind: 'text', text: block.text });
      said ||= block.text !== '';
      continue;
    }
    for (const part of blockParts(block)) {
      parts.push(part);
      said ||= part.kind !== 'text' || part.text !== '';
    }
  }
  if (!parts.length && r.content) {
    parts = [{ kind: 'text', text: r.content }];
    said = true;
  }
  if (!said && r.structured !== null && r.structured !== undefined)
    parts.push({ kind: 'text', text: JSON.stringify(r.structured, withoutBase64) });
  if (r.is_error === true) parts.unshift({ kind: 'text', text: 'The tool reported an error (is_error: true):' });
  return { parts };
}
