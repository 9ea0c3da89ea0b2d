import { useApp } from '../../store/context';

/**
 * Says in the chat when a toolbox of the persona is down (an MCP server that failed to start, a bus that is not
 * there), so a run without those tools is not a surprise; the Tools pane has the details and a retry.
 */
export function ToolboxBanner() {
  const toolboxes = useApp((s) => s.toolboxes);
  const down = toolboxes.filter((tb) => tb.error);
  const setTab = useApp((s) => s.setTab);
  if (!down.length) return null;
  return (
    <div className="notice warn small" role="status" data-testid="chat-toolbox-banner" style={{ margin: '8px 20px 0' }}>
      {down.map((tb) => (
        <div key={tb.toolboxId}>
          <strong>{tb.title || tb.toolboxId}</strong> (<code>{tb.toolboxId}</code>){' '}
          {tb.error!.code === 'toolbox_not_installed'
            ? 'is not installed here.'
            : `is unavailable: ${tb.error!.message}`}
        </div>
      ))}
      <div>
        The persona runs without {down.length === 1 ? 'its tools' : 'their tools'}.{' '}
        <button className="small ghost" onClick={() => setTab('tools')}>
          Open the Tools pane
        </button>
      </div>
    </div>
  );
}
