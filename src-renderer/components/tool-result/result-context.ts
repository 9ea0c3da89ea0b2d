import { createContext } from 'react';
import type { JsonSchema } from '../../../shared/domain/tool';
import type { OpenResource } from './ResourceBlocks';

/** What a result view of one tool can use from the app: its output schema and the Open of its resources. */
export interface ToolResultEnv {
  outputSchema?: JsonSchema;
  onOpenResource?: OpenResource;
}

/**
 * For a traced call (toolbox, name), what its result view can use. The chat provides it from the store; without a
 * provider (a card rendered alone) results show without the schema check's schema and without Open.
 */
export const ToolResultContext = createContext<(toolboxId: string | null, name: string) => ToolResultEnv>(() => ({}));
