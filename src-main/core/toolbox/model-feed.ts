import { formatBytes } from '../../../shared/domain/byte-size';
import type { ImagePart } from '../../../shared/domain/message';

/** Media sizes, measured and written as the window writes them. */
export { base64Bytes, formatBytes } from '../../../shared/domain/byte-size';

/** Media in a tool result (base64 `data`): an image may go to a brain that accepts images, audio never does. */
export interface FeedMedia {
  kind: 'image' | 'audio';
  mimeType: string;
  data: string;
  /** Decoded size. */
  bytes: number;
}

/** One piece of a tool result as the model is fed it, in the result's order. */
export type FeedPart = { kind: 'text'; text: string } | FeedMedia;

/**
 * What a tool result gives the model: its text pieces and its media, in order. A tool whose result holds media
 * (MCP content blocks) says so with `AgentTool.modelFeed`; every other result is fed as its JSON.
 */
export interface ModelFeed {
  parts: FeedPart[];
}

/** The note that stands in the text for a piece of media: `[image: image/png, 95.1 KB, not shown to this model]`. */
export function mediaStub(media: FeedMedia, attachedAs: number | null): string {
  const what = `${media.kind}${attachedAs === null ? '' : ` ${attachedAs}`}: ${media.mimeType}, ${formatBytes(media.bytes)}`;
  return attachedAs === null ? `[${what}, not shown to this model]` : `[${what}, attached in the next message]`;
}

/** The images of a feed a brain that accepts images is sent (audio is never sent). */
export function feedImages(feed: ModelFeed): FeedMedia[] {
  return feed.parts.filter((p): p is FeedMedia => p.kind === 'image');
}

/**
 * The feed's text for the TOOL message (or Observation): text pieces joined with "\n", each piece of media as its
 * stub; with `images`, the images are numbered as attached (from `firstImage`). Never any base64.
 */
export function feedText(feed: ModelFeed, images = false, firstImage = 1): string {
  let n = firstImage;
  let text = '';
  for (let i = 0; i < feed.parts.length; i++) {
    const part = feed.parts[i];
    if (i > 0) text += '\n';
    text += part.kind === 'text' ? part.text : mediaStub(part, images && part.kind === 'image' ? n++ : null);
  }
  return text;
}

/** The image parts of a user message that carries a step's images, labelled with the tool call they come from. */
export function imageParts(images: FeedMedia[], label: (index: number) => string): ImagePart[] {
  return images.map((image, i) => ({ mimeType: image.mimeType, data: image.data, label: label(i) }));
}
