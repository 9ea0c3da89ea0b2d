import type { McpView } from '../../../store/mcp-slice';
import { LogPanel } from './LogPanel';
import { PromptsPanel } from './PromptsPanel';
import { ResourcesPanel } from './ResourcesPanel';

/** The right side of the Tools pane for an MCP server's Resources, Prompts or Log tab. */
export function McpServerPanel({ toolboxId, title, view }: { toolboxId: string; title: string; view: McpView }) {
  const heading = view === 'resources' ? 'Resources' : view === 'prompts' ? 'Prompts' : 'Log';
  return (
    <div className="tool-detail mcp-server-panel" data-testid={`mcp-panel-${view}`}>
      <header className="tool-head">
        <div className="row">
          <h2 className="grow">
            {heading} · {title}
          </h2>
          <span className="badge">{toolboxId}</span>
        </div>
      </header>
      <div className="mcp-body">
        {view === 'resources' && <ResourcesPanel key={toolboxId} toolboxId={toolboxId} />}
        {view === 'prompts' && <PromptsPanel key={toolboxId} toolboxId={toolboxId} />}
        {view === 'log' && <LogPanel key={toolboxId} toolboxId={toolboxId} />}
      </div>
    </div>
  );
}
