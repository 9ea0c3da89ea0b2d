import { BUNDLE_FORMAT, type BundleTool, type RunBundle } from '../../../shared/domain/run-bundle';
import type { TraceEvent } from '../../../shared/domain/trace';
import { splitSecrets } from '../personas/secret-fields';
import { SecretScrubber } from './secret-scrubber';

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => !!v && typeof v === 'object' && !Array.isArray(v);

/**
 * The tools as the model was offered them in the run: from each raw provider request's `tools` (OpenAI's
 * function specs: name, description, parameters), each tied to the toolbox its calls went to; a tool the
 * raw requests do not describe (a ReAct prompt, no raw exchange) is listed by its name from run_started.
 */
export function toolsOfTrace(events: TraceEvent[]): BundleTool[] {
  const toolboxOf = new Map<string, string | null>();
  for (const e of events)
    if ((e.type === 'tool_started' || e.type === 'tool_result' || e.type === 'tool_error') && e.toolboxId)
      toolboxOf.set(e.name, e.toolboxId);
  const tools = new Map<string, BundleTool>();
  for (const e of events) {
    if (e.type !== 'assistant_message' || !isObject(e.raw?.request)) continue;
    const specs = (e.raw.request as Json).tools;
    if (!Array.isArray(specs)) continue;
    for (const spec of specs) {
      const fn = isObject(spec) && isObject(spec.function) ? spec.function : null;
      if (!fn || typeof fn.name !== 'string' || tools.has(fn.name)) continue;
      tools.set(fn.name, {
        name: fn.name,
        toolboxId: toolboxOf.get(fn.name) ?? null,
        description: typeof fn.description === 'string' ? fn.description : '',
        inputSchema: isObject(fn.parameters) ? fn.parameters : null,
      });
    }
  }
  for (const e of events)
    if (e.type === 'run_started')
      for (const name of e.tools)
        if (!tools.has(name))
          tools.set(name, { name, toolboxId: toolboxOf.get(name) ?? null, description: '', inputSchema: null });
  return [...tools.values()];
}

/** Removes secret fields wherever they appear in a raw provider request (an Authorization header, an api_key). */
function withoutSecrets(event: TraceEvent): TraceEvent {
  if (event.type !== 'assistant_message' || !event.raw || !isObject(event.raw.request)) return event;
  return { ...event, raw: { ...event.raw, request: splitSecrets(event.raw.request).persona } };
}

export interface BundleSource {
  sessionId: string;
  title: string;
  events: TraceEvent[];
  personaId: string | null;
  personaVersion: string | null;
  /** The persona file as it ran; secret fields are removed here whatever it holds. */
  persona: Json;
  appVersion: string;
  /** Stored secret values to replace wherever the trace or the persona still holds them. */
  scrubber?: SecretScrubber;
  now?: number;
}

/**
 * A run bundle of a recorded session: the persona as it ran (no secret fields), the tools as offered, the whole
 * trace; any secret value still in them (a tool result, a message) replaced by `source.scrubber`.
 */
export function buildBundle(source: BundleSource): RunBundle {
  const scrub = source.scrubber ?? new SecretScrubber([]);
  return scrub.value({
    format: BUNDLE_FORMAT,
    formatVersion: 1,
    exportedAt: source.now ?? Date.now(),
    app: { name: 'persona-studio', version: source.appVersion },
    session: { id: source.sessionId, title: source.title },
    persona: { id: source.personaId, version: source.personaVersion, file: splitSecrets(source.persona).persona },
    tools: toolsOfTrace(source.events),
    events: source.events.map(withoutSecrets),
  });
}
