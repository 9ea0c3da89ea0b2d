import { afterEach, describe, expect, test } from 'vitest';
import { MCPToolBox } from './index';

const FIXTURE = ['--import', 'tsx', new URL('./fixtures/limits-stdio.ts', import.meta.url).pathname];
const open: MCPToolBox[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((tb) => tb.close()));
});

describe('MCP answers past the limits', () => {
  test("an answer over the SDK's 10 MB stdio limit names that limit, not only 'closed the connection'", async () => {
    const tb = new MCPToolBox({ config: { command: process.execPath, args: FIXTURE } });
    open.push(tb);
    await tb.ready;
    const error = (await tb.callTool('huge', {}).catch((e: unknown) => e)) as { details: { cause: string } };
    expect(error.details.cause).toContain(
      "failed the call to 'huge': it sent a message larger than the MCP SDK's stdio limit of 10 MB (10485760 bytes), so the SDK closed the connection",
    );
  }, 30_000);

  test('a result nested 1,000 levels is a tool error naming the depth limit', async () => {
    const tb = new MCPToolBox({ config: { command: process.execPath, args: FIXTURE } });
    open.push(tb);
    await tb.ready;
    const error = (await tb.callTool('deep', {}).catch((e: unknown) => e)) as { details: { cause: string } };
    expect(error.details.cause).toContain("failed the call to 'deep': The JSON is nested deeper than 256 levels");
  }, 30_000);
});
