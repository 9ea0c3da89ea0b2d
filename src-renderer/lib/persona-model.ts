import {
  DEFAULT_API_URL,
  DEFAULT_BRAIN,
  DEFAULT_ENGINE,
  engineIdOf as sharedEngineIdOf,
  type PersonaFile,
} from '../../shared/domain/persona';

/** A persona file as plain JSON; blocks are looked up by plugin id. */
export type PersonaDraft = PersonaFile & Record<string, unknown>;
type Block = Record<string, unknown>;

function isBlock(v: unknown): v is Block {
  return !!v && typeof v === 'object' && !Array.isArray(v);
}

/** The engine id: the first handler (or legacy solver). */
export function engineIdOf(p: PersonaDraft): string {
  return sharedEngineIdOf(p) ?? DEFAULT_ENGINE;
}

/** The engine's config block (empty when missing). */
export function engineBlockOf(p: PersonaDraft): Block {
  const b = p[engineIdOf(p)];
  return isBlock(b) ? b : {};
}

export function brainIdOf(p: PersonaDraft): string {
  const b = engineBlockOf(p).brain;
  return typeof b === 'string' ? b : DEFAULT_BRAIN;
}

export function brainBlockOf(p: PersonaDraft): Block {
  const b = engineBlockOf(p)[brainIdOf(p)];
  return isBlock(b) ? b : {};
}

export function toolboxIdsOf(p: PersonaDraft): string[] {
  const t = engineBlockOf(p).toolboxes;
  return Array.isArray(t) ? t.filter((x): x is string => typeof x === 'string') : [];
}

export function toolboxConfigOf(p: PersonaDraft, toolboxId: string): Block {
  const b = engineBlockOf(p)[toolboxId];
  return isBlock(b) ? b : {};
}

/** Returns a copy with the engine block patched (undefined values remove keys). */
export function patchEngine(p: PersonaDraft, patch: Block): PersonaDraft {
  const id = engineIdOf(p);
  const block: Block = { ...engineBlockOf(p), ...patch };
  for (const [k, v] of Object.entries(patch)) if (v === undefined) delete block[k];
  return { ...p, [id]: block };
}

export function patchBrain(p: PersonaDraft, patch: Block): PersonaDraft {
  const block: Block = { ...brainBlockOf(p), ...patch };
  for (const [k, v] of Object.entries(patch)) if (v === undefined || v === '') delete block[k];
  return patchEngine(p, { [brainIdOf(p)]: block });
}

/** Moves the engine block to another engine id, keeping its settings; `handlers` names the new engine. */
export function switchEngine(p: PersonaDraft, engineId: string): PersonaDraft {
  const oldId = engineIdOf(p);
  if (oldId === engineId) return p;
  const block = engineBlockOf(p);
  const next: PersonaDraft = { ...p, handlers: [engineId, ...(p.handlers ?? []).slice(1)] };
  delete next[oldId];
  if (next.solvers) delete next.solvers;
  next[engineId] = block;
  return next;
}

export function setToolboxEnabled(p: PersonaDraft, toolboxId: string, enabled: boolean): PersonaDraft {
  const ids = toolboxIdsOf(p).filter((t) => t !== toolboxId);
  if (enabled) ids.push(toolboxId);
  return patchEngine(p, { toolboxes: ids });
}

export function setToolboxConfig(p: PersonaDraft, toolboxId: string, config: Block): PersonaDraft {
  return patchEngine(p, { [toolboxId]: Object.keys(config).length ? config : undefined });
}

/** A new persona: the native tool-call loop, the OpenAI-compatible brain at Ollama's address, no toolboxes. */
export function newPersona(name = 'New persona'): PersonaDraft {
  return {
    name,
    description: '',
    handlers: [DEFAULT_ENGINE],
    [DEFAULT_ENGINE]: {
      brain: DEFAULT_BRAIN,
      max_iterations: 5,
      system_prompt: 'You are a helpful assistant. Use the tools when they help.',
      toolboxes: [],
      [DEFAULT_BRAIN]: { model: 'qwen2.5', api_url: DEFAULT_API_URL },
    },
  };
}

/** Dotted path of the brain's api_key, as `secretsSet` names it. */
export function apiKeyPath(p: PersonaDraft): string {
  return `${engineIdOf(p)}.${brainIdOf(p)}.api_key`;
}
