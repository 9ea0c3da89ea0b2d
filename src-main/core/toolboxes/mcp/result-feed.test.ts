import { describe, expect, it } from 'vitest';
import { feedImages, feedText } from '../../toolbox/model-feed';
import { mapMCPResult } from './result';
import { mcpModelFeed } from './result-feed';

const B64 = Buffer.alloc(3000, 1).toString('base64');
const feedOf = (result: Record<string, unknown>) => mcpModelFeed(mapMCPResult(result))!;

describe('what the model is fed of an MCP result', () => {
  it('keeps the blocks in order: text as it is, images and audio as notes, resources named', () => {
    const feed = feedOf({
      content: [
        { type: 'text', text: 'Before.' },
        { type: 'image', data: B64, mimeType: 'image/jpeg' },
        { type: 'audio', data: B64, mimeType: 'audio/wav' },
        { type: 'resource_link', uri: 'file:///a.txt', name: 'a.txt', mimeType: 'text/plain' },
        { type: 'resource', resource: { uri: 'mem://note', mimeType: 'text/markdown', text: '# Note' } },
        { type: 'resource', resource: { uri: 'mem://bin', mimeType: 'application/zip', blob: B64 } },
      ],
    });
    expect(feedText(feed)).toBe(
      [
        'Before.',
        '[image: image/jpeg, 2.9 KB, not shown to this model]',
        '[audio: audio/wav, 2.9 KB, not shown to this model]',
        '[resource link: file:///a.txt (a.txt, text/plain)]',
        '[resource: mem://note (text/markdown)]\n# Note',
        '[resource: mem://bin, application/zip, 2.9 KB, not shown to this model]',
      ].join('\n'),
    );
    // With vision only the image is attached; audio stays a note.
    expect(feedText(feed, true)).toContain('[image 1: image/jpeg, 2.9 KB, attached in the next message]');
    expect(feedText(feed, true)).toContain('[audio: audio/wav, 2.9 KB, not shown to this model]');
    expect(feedImages(feed).map((m) => m.mimeType)).toEqual(['image/jpeg']);
  });

  it('an embedded image resource is an image like an image block', () => {
    const feed = feedOf({ content: [{ type: 'resource', resource: { uri: 'x', mimeType: 'image/png', blob: B64 } }] });
    expect(feedImages(feed)).toHaveLength(1);
  });

  it('structured content when no block says anything, with base64 strings replaced by a note', () => {
    expect(feedText(feedOf({ content: [], structuredContent: { t: 21 } }))).toBe('{"t":21}');
    const onlyStructured = feedText(feedOf({ content: [], structuredContent: { file: B64, name: 'a' } }));
    expect(onlyStructured).toBe('{"file":"[base64 data, 2.9 KB, not shown to this model]","name":"a"}');
    // server-filesystem's read_media_file: the image block, and the same block again as structuredContent.
    const media = feedOf({
      content: [{ type: 'image', data: B64, mimeType: 'image/png' }],
      structuredContent: { content: [{ type: 'image', data: B64, mimeType: 'image/png' }] },
    });
    expect(feedText(media)).toBe('[image: image/png, 2.9 KB, not shown to this model]');
  });

  it('an is_error result says so first; a value of another shape is not an MCP result', () => {
    expect(feedText(feedOf({ isError: true, content: [{ type: 'text', text: 'Denied.' }] }))).toBe(
      'The tool reported an error (is_error: true):\nDenied.',
    );
    expect(mcpModelFeed({ answer: 42 })).toBeNull();
    expect(mcpModelFeed('text')).toBeNull();
  });
});
