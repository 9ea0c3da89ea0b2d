import { describe, expect, it } from 'vitest';
import { base64Bytes, decodeBase64, fileNameFor, formatBytes, resultBlocks, resultLine } from './result-blocks';
import { mcpResult, TINY_PNG } from './test-fixtures';

describe('result blocks', () => {
  it('sizes base64 as the bytes it decodes to, and says sizes as people read them', () => {
    expect(base64Bytes(TINY_PNG)).toBe(decodeBase64(TINY_PNG)!.length);
    expect(base64Bytes('YQ==')).toBe(1);
    expect(base64Bytes('YWI=')).toBe(2);
    expect(base64Bytes('YWJj')).toBe(3);
    expect([formatBytes(812), formatBytes(1536), formatBytes(3.4 * 1024 * 1024)]).toEqual([
      '812 B',
      '1.5 KB',
      '3.4 MB',
    ]);
    expect(decodeBase64('not base64!')).toBeNull();
  });

  it('keeps a block it cannot show as unknown (then shown as JSON), and a non-MCP result as null', () => {
    const view = resultBlocks(mcpResult([{ type: 'image' }, { type: 'video', url: 'x' }, 'text?']));
    expect(view!.blocks.map((b) => b.type)).toEqual(['unknown', 'unknown', 'unknown']);
    expect(view!.structured).toBeUndefined();
    expect(resultBlocks({ result: 108 })).toBeNull();
    expect(resultBlocks('text')).toBeNull();
    expect(resultBlocks({ content: [{ text: 'no type' }] })).toBeNull();
  });

  it('says a result in one line without its base64', () => {
    const line = resultLine(
      mcpResult([
        { type: 'text', text: 'Here:\nthe logo' },
        { type: 'image', data: TINY_PNG, mimeType: 'image/png' },
        { type: 'audio', data: 'UklGRiQAAABXQVZF', mimeType: 'audio/wav' },
        { type: 'resource', resource: { uri: 'file:///a.txt', text: 'x' } },
      ]),
    );
    expect(line).toBe('Here: the logo [image image/png, 80 B] [audio audio/wav, 12 B] [resource file:///a.txt]');
    expect(resultLine(mcpResult([], { structured: { t: 1 } }))).toBe('{"t":1}');
    expect(resultLine({ result: 108 })).toBe('{"result":108}');
  });

  it('names a saved file by its URI or its type', () => {
    expect(fileNameFor('image', 'image/png')).toBe('image.png');
    expect(fileNameFor('image', 'image/jpeg')).toBe('image.jpg');
    expect(fileNameFor('image', 'image/svg+xml')).toBe('image.svg');
    expect(fileNameFor('audio', 'audio/mpeg')).toBe('audio.mp3');
    expect(fileNameFor('file', 'text/plain', 'file:///tmp/notes.md')).toBe('notes.md');
    expect(fileNameFor('file', 'text/plain', 'demo://resource/dynamic/blob/2')).toBe('2.txt');
  });
});
