/**
 * The MCP lines of tool-path.bench.ts compare like with like: both sides send the same tools/call to the same server
 * and get the same result back (ours then maps it for the model, which is the work the line measures).
 */
import { describe, expect, it } from 'vitest';
import * as ours from './tool-path-ours';
import { EVERYTHING, FIXTURE, mcpSides, TRIP } from './mcp-sides';

const withoutId = (messages: unknown[]) => messages.map((m) => ({ ...(m as object), id: undefined }));

describe('the MCP bench lines: ours and the raw SDK client do the same round trip', () => {
  it.each([
    ['plan_trip on the fixture server', FIXTURE, 'plan_trip', TRIP],
    ['echo on server-everything', EVERYTHING, 'echo', { message: 'hi' }],
  ])('%s: the same request and the same result', async (_name, args, tool, input) => {
    const sides = await mcpSides(ours, args, tool, input, 1, { record: true });
    try {
      const got = (await sides.once()) as {
        ours: { ok: boolean; result: { structured: unknown; raw: unknown[] } };
        theirs: { content: unknown[]; structuredContent?: unknown };
      };
      expect(sides.sent.ours).toHaveLength(1);
      expect(withoutId(sides.sent.ours)).toEqual(withoutId(sides.sent.theirs));
      expect(sides.sent.ours[0]).toMatchObject({ method: 'tools/call', params: { name: tool, arguments: input } });
      expect(got.ours.ok).toBe(true);
      expect(got.ours.result.raw).toEqual(got.theirs.content);
      expect(got.ours.result.structured).toEqual(got.theirs.structuredContent ?? null);
    } finally {
      await sides.close();
    }
  });
});
