import type { ErrorValue } from '../../../shared/domain/errors';
import type { BrainProbe } from '../../../shared/ipc/contract';
import { configIssues } from '../../../shared/plugins/config-schema';
import { StudioError } from '../errors';
import type { PluginDescriptor } from '../plugins/descriptor';
import type { ChatEngine } from './chat-engine';
import { issuesText } from '../../../shared/domain/issues';

/** What a connection test found: reachable or not, how fast, the models the server offers. Never thrown. */
export interface ProbeResult {
  /** The server answers and, when a model was named and the list is available, has it. */
  ok: boolean;
  latencyMs: number;
  models: string[];
  error: ErrorValue | null;
}

/** A probe's input: the editor's settings on screen, with the stored key resolved. */
export type ProbeInput = Omit<BrainProbe, 'personaId'>;

/**
 * A brain plugin (OVOS ChatEngine): `create` gets the block parsed with `config` (defaults applied); `probe`, when the
 * brain has one, is the editor's connection test and model list.
 */
export interface BrainDescriptor extends PluginDescriptor<(config: Record<string, unknown>) => ChatEngine> {
  readonly probe?: (input: ProbeInput, options?: { signal?: AbortSignal; timeoutMs?: number }) => Promise<ProbeResult>;
}

/** A descriptor, typed: for the brains' modules and for tests. */
export function defineBrain(descriptor: BrainDescriptor): BrainDescriptor {
  return descriptor;
}

/** A brain from its descriptor and config block; a block its schema refuses is persona_invalid naming the fields. */
export function createBrainFrom(descriptor: BrainDescriptor, block: Record<string, unknown>): ChatEngine {
  const parsed = descriptor.config.safeParse(block);
  if (!parsed.success) {
    const issues = configIssues(descriptor.config, block);
    const text = issuesText(issues, '(block)');
    throw new StudioError('persona_invalid', `The ${descriptor.id} config block is invalid: ${text}`, { issues });
  }
  return descriptor.create(parsed.data as Record<string, unknown>);
}
