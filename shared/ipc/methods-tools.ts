/** The API's tool methods: part of the one table in contract.ts. */
import { z } from 'zod';
import { CallHistory, CallLabel, SavedCall } from '../domain/call-history';
import { PersonaId } from '../domain/persona';
import {
  McpLogEntry,
  McpLogLevel,
  McpPendingRequest,
  McpPrompt,
  McpPromptMessage,
  McpResource,
  McpResourceContents,
  McpResourceTemplate,
  McpResponse,
} from '../domain/mcp';
import { MAX_RESOURCE_URI, ResourceContents } from '../domain/resource';
import { ToolboxInfo } from '../domain/tool';

import { Empty, McpScope, PersonaRecord, ToolScope } from './records';

/** Toolboxes, manual tool calls, saved calls and MCP beyond tools (resources, prompts, log, requests). */
export const toolMethods = {
  'toolboxes.list': { input: ToolScope, output: z.object({ toolboxes: z.array(ToolboxInfo) }) },
  'toolboxes.refresh': {
    input: ToolScope.extend({ toolboxId: z.string().optional() }),
    output: z.object({ toolboxes: z.array(ToolboxInfo) }),
  },
  'tools.call': {
    /** `callId` (chosen by the window) names the call for tools.cancel and its 'tools.progress' events. */
    input: ToolScope.extend({
      toolboxId: z.string(),
      name: z.string(),
      arguments: z.record(z.string(), z.unknown()),
      callId: z.string().min(1).max(100).optional(),
    }),
    output: z.object({ result: z.unknown(), durationMs: z.number() }),
  },
  /** Cancels a manual call by its callId (an MCP server is sent notifications/cancelled); it then fails `cancelled`. */
  'tools.cancel': { input: z.object({ callId: z.string() }), output: z.object({ cancelled: z.boolean() }) },
  /** An MCP server's resources and resource templates (each with its variable names). */
  'mcp.resources': {
    input: McpScope,
    output: z.object({
      resources: z.array(McpResource),
      templates: z.array(McpResourceTemplate.extend({ variables: z.array(z.string()) })),
    }),
  },
  /** Reads a resource by URI, or a template filled with values (RFC 6570); `uri` is what was read. */
  'mcp.readResource': {
    input: z.union([
      McpScope.extend({ uri: z.string().min(1) }),
      McpScope.extend({ uriTemplate: z.string().min(1), arguments: z.record(z.string(), z.unknown()) }),
    ]),
    output: z.object({ uri: z.string(), contents: z.array(McpResourceContents) }),
  },
  'mcp.prompts': { input: McpScope, output: z.object({ prompts: z.array(McpPrompt) }) },
  /** A prompt's messages for these (string) arguments. */
  'mcp.getPrompt': {
    input: McpScope.extend({ name: z.string().min(1), arguments: z.record(z.string(), z.string()).default({}) }),
    output: z.object({ description: z.string().nullable(), messages: z.array(McpPromptMessage) }),
  },
  /** What the server logged and notified, oldest first (the last 500), and whether it takes logging/setLevel. */
  'mcp.log': { input: McpScope, output: z.object({ entries: z.array(McpLogEntry), logging: z.boolean() }) },
  'mcp.setLogLevel': { input: McpScope.extend({ level: McpLogLevel }), output: z.object({ level: McpLogLevel }) },
  /** The server requests (elicitation, sampling) waiting for the user now. */
  'mcp.pending': { input: Empty, output: z.object({ requests: z.array(McpPendingRequest) }) },
  /** Answers one; an accepted elicitation is checked against its schema (`bad_input` with issues, still waiting). */
  'mcp.respond': {
    input: McpResponse.extend({ requestId: z.string() }),
    output: z.object({ settled: z.literal(true) }),
  },
  /** Turns one tool of a persona's toolbox on or off (`persona_studio.tools.disabled`), saving the persona. */
  'tools.setEnabled': {
    input: z.object({ personaId: PersonaId, toolboxId: z.string(), name: z.string(), enabled: z.boolean() }),
    output: PersonaRecord,
  },
  /** Reads a resource through the MCP server of a toolbox (the "Open" of a resource in a tool result). */
  'tools.readResource': {
    input: ToolScope.extend({ toolboxId: z.string(), uri: z.string().min(1).max(MAX_RESOURCE_URI) }),
    output: z.object({ contents: z.array(ResourceContents) }),
  },
  /** The manual calls of a persona's tools (newest first; tools.call records each) and its saved calls. */
  'tools.history': { input: ToolScope, output: CallHistory },
  /** Keeps a history entry as a saved call with a name (its arguments as the history has them, secrets left out). */
  'tools.saveCall': {
    input: ToolScope.extend({ entryId: z.string().min(1).max(100), label: CallLabel }),
    output: SavedCall,
  },
  'tools.renameCall': {
    input: ToolScope.extend({ savedId: z.string().min(1).max(100), label: CallLabel }),
    output: SavedCall,
  },
  'tools.deleteCall': {
    input: ToolScope.extend({ savedId: z.string().min(1).max(100) }),
    output: z.object({ deleted: z.boolean() }),
  },
} as const satisfies Record<string, { input: z.ZodType; output: z.ZodType }>;
