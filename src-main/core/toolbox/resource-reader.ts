import type { ResourceContents } from '../../../shared/domain/resource';

/** A toolbox whose server has resources to read (MCP): what the "Open" of a resource in a tool result calls. */
export interface ResourceReader {
  readResource(target: { uri: string }): Promise<{ uri: string; contents: ResourceContents[] }>;
}

/** Does this toolbox read resources? */
export function canReadResources(toolbox: unknown): toolbox is ResourceReader {
  return (
    !!toolbox && typeof toolbox === 'object' && typeof (toolbox as Partial<ResourceReader>).readResource === 'function'
  );
}
