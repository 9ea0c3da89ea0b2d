import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { UriTemplate } from '@modelcontextprotocol/sdk/shared/uriTemplate.js';
import type {
  McpPrompt,
  McpPromptMessage,
  McpResource,
  McpResourceContents,
  McpResourceTemplate,
} from '../../../../shared/domain/mcp';
import { assertJsonSafe } from '../../../../shared/json/safe-json';

const MAX_PAGES = 50;

/** What the server offers beside tools, per its `initialize` answer. */
export interface ServerFeatures {
  resources: boolean;
  prompts: boolean;
  logging: boolean;
}

export function serverFeatures(client: Client): ServerFeatures {
  const caps = client.getServerCapabilities() ?? {};
  return { resources: !!caps.resources, prompts: !!caps.prompts, logging: !!caps.logging };
}

/** Every page of a cursor-paged list (at most MAX_PAGES), each checked for depth before use. */
async function allPages<T>(page: (cursor: string | undefined) => Promise<{ items: T[]; nextCursor?: string }>) {
  const out: T[] = [];
  let cursor: string | undefined;
  for (let i = 0; i < MAX_PAGES; i++) {
    const result = await page(cursor);
    assertJsonSafe(result.items);
    out.push(...result.items);
    cursor = result.nextCursor;
    if (!cursor) break;
  }
  return out;
}

type Options = { timeout: number; signal?: AbortSignal };

/** `resources/list` and `resources/templates/list`, every page; templates carry their variable names. */
export async function listResources(
  client: Client,
  options: Options,
): Promise<{ resources: McpResource[]; templates: Array<McpResourceTemplate & { variables: string[] }> }> {
  const resources = await allPages(async (cursor) => {
    const r = await client.listResources(cursor ? { cursor } : undefined, options);
    return { items: r.resources as McpResource[], nextCursor: r.nextCursor };
  });
  const templates = await allPages(async (cursor) => {
    const r = await client.listResourceTemplates(cursor ? { cursor } : undefined, options);
    return { items: r.resourceTemplates as McpResourceTemplate[], nextCursor: r.nextCursor };
  });
  return {
    resources,
    templates: templates.map((t) => ({ ...t, variables: templateVariables(t.uriTemplate) })),
  };
}

/** The variable names of an RFC 6570 template (`demo://text/{index}` -> `index`); none for a malformed one. */
export function templateVariables(uriTemplate: string): string[] {
  try {
    return new UriTemplate(uriTemplate).variableNames;
  } catch {
    return [];
  }
}

/** The URI a template gives with these values (RFC 6570 expansion, as the SDK's servers match it). */
export function expandTemplate(uriTemplate: string, values: Record<string, unknown>): string {
  const vars: Record<string, string | string[]> = {};
  for (const [k, v] of Object.entries(values)) {
    if (v === undefined || v === null || v === '') continue;
    vars[k] = Array.isArray(v) ? v.map(String) : String(v);
  }
  return new UriTemplate(uriTemplate).expand(vars);
}

/** `resources/read`: the contents (text, or base64 blobs) as the server sent them. */
export async function readResource(client: Client, uri: string, options: Options): Promise<McpResourceContents[]> {
  const r = await client.readResource({ uri }, options);
  assertJsonSafe(r);
  return r.contents as McpResourceContents[];
}

/** `prompts/list`, every page. */
export async function listPrompts(client: Client, options: Options): Promise<McpPrompt[]> {
  return allPages(async (cursor) => {
    const r = await client.listPrompts(cursor ? { cursor } : undefined, options);
    return { items: r.prompts as McpPrompt[], nextCursor: r.nextCursor };
  });
}

/** `prompts/get` with string arguments: the prompt's messages. */
export async function getPrompt(
  client: Client,
  name: string,
  args: Record<string, string>,
  options: Options,
): Promise<{ description: string | null; messages: McpPromptMessage[] }> {
  const r = await client.getPrompt({ name, arguments: args }, options);
  assertJsonSafe(r);
  return { description: r.description ?? null, messages: r.messages as McpPromptMessage[] };
}
