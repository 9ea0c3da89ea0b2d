import { useMemo, useState } from 'react';
import type { JsonSchema } from '../../../shared/domain/tool';
import { JsonView } from '../JsonView';
import { plural } from '../../lib/plural';
import { AudioBlock, ImageBlock } from './MediaBlocks';
import { EmbeddedResourceBlock, ResourceLinkBlock, type OpenResource } from './ResourceBlocks';
import { resultBlocks, type ContentBlock } from './result-blocks';
import { StructuredContent } from './StructuredContent';
import { TextBlock } from './TextBlock';

function Block({ block, onOpenResource }: { block: ContentBlock; onOpenResource?: OpenResource }) {
  switch (block.type) {
    case 'text':
      return <TextBlock text={block.text} />;
    case 'image':
      return <ImageBlock data={block.data} mimeType={block.mimeType} />;
    case 'audio':
      return <AudioBlock data={block.data} mimeType={block.mimeType} />;
    case 'resource_link':
      return <ResourceLinkBlock link={block} onOpen={onOpenResource} />;
    case 'resource':
      return <EmbeddedResourceBlock resource={block.resource} onOpen={onOpenResource} />;
    case 'unknown':
      return <JsonView value={block.value} compact />;
  }
}

/**
 * A tool result as people read it. An MCP-style result shows each content block as what it is (text, JSON as a
 * tree, image, audio, resource link, embedded resource with Open), its structured content next to the output-schema
 * check, and an error result marked as one; "Raw JSON" shows the whole result as it is (`testId` is on that JSON).
 * Any other result is its JSON.
 */
export function ToolResultView({
  result,
  outputSchema,
  onOpenResource,
  testId,
  compact = false,
}: {
  result: unknown;
  /** The tool's output schema (main's MCP result schema), for the structured-content check. */
  outputSchema?: JsonSchema;
  /** Reads a resource through its server; without it resources have no Open. */
  onOpenResource?: OpenResource;
  testId?: string;
  compact?: boolean;
}) {
  const view = useMemo(() => resultBlocks(result), [result]);
  const [raw, setRaw] = useState(false);
  if (!view) return <JsonView value={result} testId={testId} compact={compact} />;
  return (
    <div className={view.isError ? 'result-view is-error' : 'result-view'} data-testid="result-view">
      <div className="result-bar small">
        {view.isError && (
          <span className="badge err" data-testid="result-is-error">
            is_error: the tool reports a failure
          </span>
        )}
        <span className="muted">{plural(view.blocks.length, 'content block')}</span>
        <span className="spacer" />
        <button
          type="button"
          className="small ghost"
          aria-pressed={raw}
          onClick={() => setRaw(!raw)}
          data-testid="toggle-raw-result"
        >
          Raw JSON
        </button>
      </div>
      {raw ? (
        <JsonView value={result} testId={testId} />
      ) : (
        <>
          {view.blocks.length === 0 && <div className="small muted">The tool returned no content blocks.</div>}
          {view.blocks.map((b, i) => (
            <Block key={i} block={b} onOpenResource={onOpenResource} />
          ))}
          {view.structured !== undefined && <StructuredContent value={view.structured} outputSchema={outputSchema} />}
        </>
      )}
    </div>
  );
}
