import type { ErrorValue } from '../../../shared/domain/errors';
import type { OpenAITool, ToolInfo } from '../../../shared/domain/tool';
import { toolSwitchKey } from '../../../shared/domain/tool-switches';
import type { ModelFeed } from './model-feed';
import { toolsToOpenAISpec } from './openai-spec';
import type { ToolBox } from './toolbox';

/** One tool as the model sees it: the name it is given, and where it really lives. */
export interface RegisteredTool {
  modelName: string;
  name: string;
  toolbox: ToolBox;
  renamedBecause?: string;
}

/**
 * A persona's tools across its toolboxes. Names must be unique for the model: on a clash every clashing
 * tool is offered as `<toolbox>__<tool>` and `renamedBecause` says why.
 */
export class ToolRegistry {
  /**
   * The entries, with the toolboxes' tool maps and sizes they were built from: a refresh replaces a map, an edit
   * in place changes its size; either rebuilds them.
   */
  private cache: {
    maps: ReadonlyMap<string, unknown>[];
    sizes: number[];
    entries: RegisteredTool[];
    byModelName: Map<string, RegisteredTool>;
  } | null = null;

  /** The tools turned off for the persona, as `<toolbox id>/<tool>` keys (persona_studio.tools.disabled). */
  readonly disabled: ReadonlySet<string>;

  constructor(
    readonly toolboxes: ToolBox[],
    options: { disabled?: Iterable<string> } = {},
  ) {
    this.disabled = new Set(options.disabled ?? []);
  }

  /** Waits for every toolbox's first discovery. */
  async ready(): Promise<void> {
    await Promise.all(this.toolboxes.map((t) => t.ready));
  }

  /** Every tool with its model name; built once per set of discovered tools, not per call. */
  entries(): RegisteredTool[] {
    return this.current().entries;
  }

  private current(): { entries: RegisteredTool[]; byModelName: Map<string, RegisteredTool> } {
    const cached = this.cache;
    if (
      cached &&
      cached.maps.length === this.toolboxes.length &&
      this.toolboxes.every((tb, i) => tb.tools === cached.maps[i] && tb.tools.size === cached.sizes[i])
    )
      return cached;
    const entries = this.build();
    this.cache = {
      maps: this.toolboxes.map((tb) => tb.tools),
      sizes: this.toolboxes.map((tb) => tb.tools.size),
      entries,
      byModelName: new Map(entries.map((e) => [e.modelName, e])),
    };
    return this.cache;
  }

  private build(): RegisteredTool[] {
    const owners = new Map<string, string[]>();
    for (const tb of this.toolboxes)
      for (const name of tb.tools.keys()) owners.set(name, [...(owners.get(name) ?? []), tb.toolboxId]);
    const out: RegisteredTool[] = [];
    for (const tb of this.toolboxes) {
      for (const name of tb.tools.keys()) {
        const clash = owners.get(name)!;
        if (clash.length === 1) {
          out.push({ modelName: name, name, toolbox: tb });
        } else {
          out.push({
            modelName: qualifiedName(tb.toolboxId, name),
            name,
            toolbox: tb,
            renamedBecause: `'${name}' is also a tool of ${clash
              .filter((id) => id !== tb.toolboxId)
              .map((id) => `'${id}'`)
              .join(', ')}; the model sees it as '${qualifiedName(tb.toolboxId, name)}'.`,
          });
        }
      }
    }
    return out;
  }

  /** The OpenAI spec list the model is sent, with model names; tools that cannot run here or are off are left out. */
  openaiTools(): OpenAITool[] {
    return this.offeredInfos().map((t) => t.openai);
  }

  /** The tools the model is offered (every engine's list): not unavailable here, not turned off in the persona. */
  offeredInfos(): ToolInfo[] {
    return this.toolInfos().filter((t) => !t.unavailable && !t.disabled);
  }

  /** Every tool with its JSON, model name and exact OpenAI spec (for the Tools pane). */
  toolInfos(): ToolInfo[] {
    const byToolbox = new Map(
      this.toolboxes.map((tb) => [tb.toolboxId, new Map(tb.toolJsonList.map((j) => [j.name, j]))]),
    );
    return this.entries().map((entry) => {
      const json = byToolbox.get(entry.toolbox.toolboxId)!.get(entry.name)!;
      const [openai] = toolsToOpenAISpec([{ ...json, name: entry.modelName }]);
      const unavailable = entry.toolbox.tools.get(entry.name)?.unavailable;
      return {
        ...json,
        toolboxId: entry.toolbox.toolboxId,
        modelName: entry.modelName,
        renamedBecause: entry.renamedBecause,
        ...(unavailable ? { unavailable } : {}),
        ...(this.disabled.has(toolSwitchKey(entry.toolbox.toolboxId, entry.name)) ? { disabled: true } : {}),
        openai,
      };
    });
  }

  /** The tool the model means by `modelName`; a plain name still resolves when it is unique. */
  resolve(modelName: string): RegisteredTool | null {
    const { entries, byModelName } = this.current();
    const exact = byModelName.get(modelName);
    if (exact) return exact;
    const byName = entries.filter((e) => e.name === modelName);
    return byName.length === 1 ? byName[0] : null;
  }

  find(toolboxId: string): ToolBox | null {
    return this.toolboxes.find((t) => t.toolboxId === toolboxId) ?? null;
  }
}

/** `<toolbox>__<tool>`, kept within OpenAI's name rule (unsafe characters -> `_`, at most 64). */
export function qualifiedName(toolboxId: string, name: string): string {
  const safe = `${toolboxId.replace(/[^a-zA-Z0-9_-]/g, '_')}__${name}`;
  return safe.length <= 64 ? safe : safe.slice(safe.length - 64);
}

/** What executing one tool call gave: the validated result, or the error value; both with the text for the model. */
export type ToolExecution =
  | {
      ok: true;
      result: Record<string, unknown>;
      content: string;
      durationMs: number;
      toolboxId: string;
      /** The result's text and media for the model, when its tool has a modelFeed; `content` is its text. */
      feed?: ModelFeed;
    }
  | { ok: false; error: ErrorValue; content: string; durationMs: number; toolboxId: string | null };
