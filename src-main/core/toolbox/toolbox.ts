import { TOOL_NAME_PATTERN, type JsonSchema, type OpenAITool, type ToolJson } from '../../../shared/domain/tool';
import type { Bus } from '../bus/bus';
import type { Message } from '../bus/message';
import { logger } from '../log';
import type { AgentTool, ToolCallContext } from './agent-tool';
import { CallContext } from './call-context';
import { toJsonSafe } from './json-safe';
import { toolsToOpenAISpec } from './openai-spec';
import { coerceLax, inputJsonSchema, isZodSchema, toJsonSchema, validateWith } from './schema';
import { causeMessage, ToolExecutionError, ToolInputError } from './tool-errors';

const log = logger('toolbox');

/** Each tool's JSON, made once per tool (zod's JSON Schema conversion is slow enough to show in every run). */
const toolJsons = new WeakMap<AgentTool, ToolJson>();

/**
 * The signal of a call nobody can cancel (one for all of them). Toolboxes must not hand it to a library that adds
 * listeners per call and never removes them (the MCP SDK): they pass no signal instead.
 */
export const NEVER_ABORTED = new AbortController().signal;
/** Constructor options, as OVOS loaders pass them: `cls(config=cfg, bus=bus)`, plus an id override. */
export interface ToolBoxOptions {
  toolboxId?: string;
  config?: Record<string, unknown>;
  bus?: Bus | null;
}

/** A program a toolbox starts on this machine: what decides what runs (shown to the user for approval first). */
export interface ProgramSpec {
  command: string;
  args: string[];
  cwd: string | null;
  env: Record<string, string>;
  /** Folders the program is offered as MCP roots: they widen what it may touch, so they are approved with it. */
  roots?: string[];
}

/** A ToolBox class with the static metadata the catalog shows. */
export interface ToolBoxClass {
  new (options?: ToolBoxOptions): ToolBox;
  defaultId?: string;
  title?: string;
  description?: string;
  /** JSON Schema of the toolbox's config block (rendered as a form in the persona editor). */
  configSchema?: JsonSchema;
  /** The programs an instance with this config would start (none when absent); each needs the user's approval. */
  programs?(config: Record<string, unknown>): ProgramSpec[];
}

/**
 * OVOS's ToolBox: groups AgentTools, validates every call, answers discovery and calls on the bus.
 * Discovery may be async (MCP, UTCP); it starts right after construction and `ready` settles when it ends.
 */
export abstract class ToolBox {
  static defaultId?: string;
  static title?: string;
  static description?: string;
  static configSchema?: JsonSchema;

  readonly toolboxId: string;
  readonly config: Record<string, unknown>;
  bus: Bus | null = null;
  tools = new Map<string, AgentTool>();
  /** The last discovery error, shown in the UI; null after a successful discovery. */
  discoveryError: Error | null = null;
  /** Settles when the discovery started at construction has ended (it never rejects). */
  readonly ready: Promise<void>;
  private readonly unbinders: Array<() => void> = [];
  private readonly changeListeners = new Set<() => void>();
  /** Whether `ready` has settled (a call then skips awaiting it). */
  protected discovered = false;

  constructor(options: ToolBoxOptions = {}) {
    const id = options.toolboxId ?? (new.target as unknown as ToolBoxClass).defaultId;
    if (!id) throw new TypeError(`${new.target.name} needs a toolbox_id: pass toolboxId or set static defaultId.`);
    this.toolboxId = id;
    this.config = options.config ?? {};
    // Discovery runs after subclass constructors, so their fields are set; errors are kept, logged at debug.
    this.ready = Promise.resolve()
      .then(() =>
        this.refreshTools().then(
          () => undefined,
          (error) => {
            log.debug(`discovery failed for toolbox '${this.toolboxId}': ${causeMessage(error)}`);
          },
        ),
      )
      .then(() => {
        this.discovered = true;
      });
    if (options.bus) this.bind(options.bus);
  }

  /** The tools this toolbox provides. Must be idempotent. */
  abstract discoverTools(): AgentTool[] | Promise<AgentTool[]>;

  /** Re-runs discovery and replaces the cache; errors propagate. A name that breaks OpenAI's rule is rejected. */
  async refreshTools(): Promise<void> {
    try {
      const tools = await this.discoverTools();
      const next = new Map<string, AgentTool>();
      for (const tool of tools) {
        if (!TOOL_NAME_PATTERN.test(tool.name)) {
          throw new TypeError(
            `Tool name '${tool.name}' in ToolBox '${this.toolboxId}' does not match ^[a-zA-Z0-9_-]{1,64}$.`,
          );
        }
        next.set(tool.name, tool);
      }
      this.tools = next;
      this.discoveryError = null;
    } catch (error) {
      this.discoveryError = error instanceof Error ? error : new Error(String(error));
      throw error;
    }
  }

  /** The tool by name; refreshes once when it is not cached (errors of that refresh propagate). */
  async getTool(name: string): Promise<AgentTool | null> {
    await this.ready;
    if (!this.tools.has(name)) await this.refreshTools();
    return this.tools.get(name) ?? null;
  }

  /** Runs a tool with OVOS's lifecycle: validate input, execute, validate output. Returns the validated output. */
  async callTool(name: string, kwargs: unknown, ctx: Partial<ToolCallContext> = {}): Promise<Record<string, unknown>> {
    if (!this.discovered) await this.ready;
    let tool = this.tools.get(name);
    if (!tool) {
      try {
        await this.refreshTools();
      } catch {
        // Discovery failing still means the tool is unknown here.
      }
      tool = this.tools.get(name);
    }
    if (!tool) throw new ToolInputError('tool_not_found', `Unknown tool '${name}' for ToolBox '${this.toolboxId}'.`);
    if (kwargs === null || typeof kwargs !== 'object' || Array.isArray(kwargs)) {
      throw new ToolExecutionError(
        'tool_execution_failed',
        `Tool '${name}' called with unexpected type arguments: ${pythonTypeName(kwargs)}. Must be Dict[str, Any] or ToolArguments.`,
      );
    }
    // Lax coercion (a numeric string for a number...) only when the arguments do not validate as they are.
    let input = validateWith(tool.argumentSchema, kwargs);
    if (!input.ok) input = validateWith(tool.argumentSchema, coerceLax(kwargs, inputJsonSchema(tool.argumentSchema)));
    if (!input.ok) {
      throw new ToolInputError(
        'tool_input_invalid',
        `Tool input validation failed for '${name}' in ToolBox '${this.toolboxId}'`,
        {
          issues: input.issues,
          cause: `Invalid input for '${name}'`,
        },
      );
    }
    // A full context (executeToolCall's, whose signal is made on first read) goes through as it is.
    const context: ToolCallContext =
      ctx instanceof CallContext
        ? ctx
        : {
            signal: ctx.signal ?? NEVER_ABORTED,
            ...(ctx.sessionId ? { sessionId: ctx.sessionId } : {}),
            ...(ctx.onProgress ? { onProgress: ctx.onProgress } : {}),
            ...(ctx.pauseTimeout ? { pauseTimeout: ctx.pauseTimeout } : {}),
          };
    let raw: unknown;
    try {
      raw = await tool.toolCall(input.value, context);
    } catch (error) {
      throw new ToolExecutionError(
        'tool_execution_failed',
        `Tool execution failed for '${name}' in ToolBox '${this.toolboxId}'`,
        { cause: causeMessage(error) },
        { cause: error },
      );
    }
    if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
      throw new ToolExecutionError(
        'tool_output_invalid',
        `Tool '${name}' returned an unexpected type: ${pythonTypeName(raw)}. Must return Dict[str, Any] or ToolOutput.`,
      );
    }
    if (tool.checkedJsonOutput) return raw as Record<string, unknown>;
    const output = validateWith(tool.outputSchema, raw);
    if (!output.ok) {
      throw new ToolExecutionError(
        'tool_output_invalid',
        `Tool output validation failed for '${name}' in ToolBox '${this.toolboxId}'`,
        {
          issues: output.issues,
          cause: `Invalid output from '${name}'`,
        },
      );
    }
    return toJsonSafe(output.value) as Record<string, unknown>;
  }

  /** `[{name, description, argument_schema, output_schema}]` from the cache (no refresh). */
  get toolJsonList(): ToolJson[] {
    return [...this.tools.values()].map((tool) => {
      let json = toolJsons.get(tool);
      if (!json)
        toolJsons.set(
          tool,
          (json = {
            name: tool.name,
            description: tool.description,
            argument_schema: toJsonSchema(tool.argumentSchema, 'input'),
            output_schema: toJsonSchema(tool.outputSchema, 'output'),
          }),
        );
      return json;
    });
  }

  static toolsToOpenAISpec = toolsToOpenAISpec;

  /** `toolsToOpenAISpec(toolJsonList)`. */
  get openaiTools(): OpenAITool[] {
    return toolsToOpenAISpec(this.toolJsonList);
  }

  /** A ToolBox, an OpenAI tool dict, an array mixing both, or null/undefined -> one flat OpenAI spec list. */
  static normalizeTools(tools: unknown): OpenAITool[] {
    if (tools === null || tools === undefined) return [];
    if (isToolBox(tools)) return tools.openaiTools;
    if (isOpenAIToolDict(tools)) return [tools];
    if (Array.isArray(tools)) {
      return tools.flatMap((item, i) => {
        if (isToolBox(item)) return item.openaiTools;
        if (isOpenAIToolDict(item)) return [item];
        throw new TypeError(
          `normalizeTools: item ${i} is ${describe(item)}; expected a ToolBox or an OpenAI tool dict.`,
        );
      });
    }
    throw new TypeError(
      `normalizeTools: got ${describe(tools)}; expected a ToolBox, an OpenAI tool dict, an array of them, or null.`,
    );
  }

  /** Subscribes to changes of the tool list (an MCP server's list_changed, a bus announcement). */
  onToolsChanged(listener: () => void): () => void {
    this.changeListeners.add(listener);
    return () => this.changeListeners.delete(listener);
  }

  /** Adapters call this after their tool list changed and the cache was refreshed. */
  protected notifyToolsChanged(): void {
    for (const listener of this.changeListeners) listener();
  }

  /** Answers `ovos.persona.tools.discover` and `ovos.persona.tools.<id>.call` on the bus. */
  bind(bus: Bus): void {
    this.unbind();
    this.bus = bus;
    this.unbinders.push(
      bus.on('ovos.persona.tools.discover', (m) => void this.handleDiscover(m)),
      bus.on(`ovos.persona.tools.${this.toolboxId}.call`, (m) => void this.handleCall(m)),
    );
  }

  /** Detaches from the bus. */
  unbind(): void {
    for (const off of this.unbinders.splice(0)) off();
    this.bus = null;
  }

  /** Releases what the toolbox holds (connections, processes). Override in adapters. */
  async close(): Promise<void> {
    this.unbind();
  }

  protected async handleDiscover(message: Message): Promise<void> {
    const bus = this.bus;
    try {
      await this.ready;
      await this.refreshTools();
    } catch (error) {
      log.debug(`refresh before discover failed for '${this.toolboxId}': ${causeMessage(error)}`);
    }
    bus?.emit(message.response({ tools: this.toolJsonList, toolbox_id: this.toolboxId }));
  }

  protected async handleCall(message: Message): Promise<void> {
    const bus = this.bus;
    const name = typeof message.data.name === 'string' ? message.data.name : '';
    // As OPM's `message.data.get("kwargs", {})`: only a missing key is {}; null or a list is a type error.
    const kwargs = 'kwargs' in message.data ? message.data.kwargs : {};
    try {
      const result = await this.callTool(name, kwargs);
      bus?.emit(message.response({ result, toolbox_id: this.toolboxId }));
    } catch (error) {
      const type =
        error instanceof ToolInputError || error instanceof ToolExecutionError ? error.pythonType : 'RuntimeError';
      bus?.emit(message.response({ error: `${type}: ${causeMessage(error)}`, toolbox_id: this.toolboxId }));
    }
  }
}

/** A ToolBox, also one from another copy of this module (plugins): duck-typed on what normalizeTools uses. */
export function isToolBox(value: unknown): value is ToolBox {
  if (value instanceof ToolBox) return true;
  const v = value as Partial<ToolBox> | null;
  return (
    !!v &&
    typeof v === 'object' &&
    typeof v.callTool === 'function' &&
    typeof v.toolboxId === 'string' &&
    Array.isArray(v.openaiTools)
  );
}

function isOpenAIToolDict(value: unknown): value is OpenAITool {
  const v = value as { type?: unknown; function?: { name?: unknown } } | null;
  return (
    !!v &&
    typeof v === 'object' &&
    !Array.isArray(v) &&
    v.type === 'function' &&
    !!v.function &&
    typeof v.function.name === 'string'
  );
}

/** The Python type name OVOS's messages use for a JSON value. */
function pythonTypeName(value: unknown): string {
  if (value === null || value === undefined) return 'NoneType';
  if (Array.isArray(value)) return 'list';
  if (typeof value === 'string') return 'str';
  if (typeof value === 'boolean') return 'bool';
  if (typeof value === 'number') return Number.isInteger(value) ? 'int' : 'float';
  return typeof value;
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string') return `a string (${JSON.stringify(value.slice(0, 40))})`;
  if (typeof value === 'object') return `an object with keys [${Object.keys(value as object).join(', ')}]`;
  return `a ${typeof value} (${String(value)})`;
}

export { isZodSchema };
