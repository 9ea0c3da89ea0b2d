import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

describe('docs/scripted-server.md (issue 11.22)', () => {
  it('documents every reply option and control route of the scripted server', () => {
    const doc = readFileSync(path.join(root, 'docs', 'scripted-server.md'), 'utf8');
    const source = readFileSync(path.join(root, 'src-main/core/testing/scripted-reply.ts'), 'utf8');
    // Every field of the reply types in the source is named in the page, so the two do not drift apart.
    const fields = [...source.matchAll(/^\s+(\w+)\??: /gm)].map((m) => m[1]);
    const replyFields = fields.filter((f) => !['method', 'path', 'headers', 'body', 'rawBody', 'at'].includes(f));
    expect(replyFields).toEqual(
      expect.arrayContaining(['delayMs', 'chunkDelayMs', 'status', 'garbage', 'sse', 'cut', 'hang']),
    );
    for (const field of [...replyFields, 'rawBody', 'models', 'apiKey', 'loop'])
      expect(doc, field).toMatch(new RegExp(`\\b${field}\\b`));
    for (const route of ['/__script/replies', '/__script/push', '/__script/reset', '/__script/requests'])
      expect(doc).toContain(route);
  });
});
