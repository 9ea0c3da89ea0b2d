import type { ToolInfo } from '../../../shared/domain/tool';

/**
 * The switch that offers a tool to the model or not (the persona's `persona_studio.tools.disabled`). A tool that
 * cannot run here (MCP tasks) is never offered, whatever the switch says; its title says why.
 */
export function ToolSwitch({ tool, onChange }: { tool: ToolInfo; onChange: (enabled: boolean) => void }) {
  const on = !tool.disabled;
  const label = `${on ? 'Turn off' : 'Turn on'} ${tool.modelName} for this persona`;
  return (
    <input
      type="checkbox"
      role="switch"
      className="tool-switch"
      aria-label={label}
      title={
        tool.unavailable
          ? `Never offered to the model: ${tool.unavailable}`
          : on
            ? 'Offered to the model. Untick to turn it off for this persona.'
            : 'Turned off: not sent to the model, not served by persona-studio mcp. Tick to turn it on.'
      }
      checked={on}
      data-testid={`tool-switch-${tool.name}`}
      onChange={(e) => onChange(e.target.checked)}
    />
  );
}
