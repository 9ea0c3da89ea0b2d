import type { McpView } from '../../../store/mcp-slice';

const VIEWS: { id: McpView; label: string }[] = [
  { id: 'tools', label: 'Tools' },
  { id: 'resources', label: 'Resources' },
  { id: 'prompts', label: 'Prompts' },
  { id: 'log', label: 'Log' },
];

/** Tools | Resources | Prompts | Log for one MCP server; arrow keys move between them. */
export function McpTabs({
  toolboxId,
  value,
  onChange,
}: {
  toolboxId: string;
  value: McpView;
  onChange(view: McpView): void;
}) {
  return (
    <div className="tabs mcp-tabs" role="tablist" aria-label={`MCP server ${toolboxId}`}>
      {VIEWS.map((v, i) => (
        <button
          key={v.id}
          role="tab"
          type="button"
          aria-selected={v.id === value}
          tabIndex={v.id === value ? 0 : -1}
          data-testid={`mcp-tab-${toolboxId}-${v.id}`}
          onClick={() => onChange(v.id)}
          onKeyDown={(e) => {
            const d = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
            if (!d) return;
            const j = (i + d + VIEWS.length) % VIEWS.length;
            onChange(VIEWS[j].id);
            (e.currentTarget.parentElement?.children[j] as HTMLElement | undefined)?.focus();
          }}
        >
          {v.label}
        </button>
      ))}
    </div>
  );
}
