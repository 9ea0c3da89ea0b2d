import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { ToolCard } from './ToolCard';
import { buildTraceRows, type ToolRow } from '../../lib/trace-rows';
import type { TraceEvent } from '../../../shared/domain/trace';
import { assistantTurn } from '../../lib/trace-fixtures';

afterEach(cleanup);

const row = (result: unknown): ToolRow => ({
  kind: 'tool',
  key: 'k',
  runId: 'r',
  iteration: 1,
  toolCallId: 'c1',
  name: 'unit_convert',
  toolboxId: 'ovos-math-tools',
  arguments: { value: 1, from_unit: 'x', to_unit: 'km' },
  status: 'ok',
  result,
  content: '{}',
  durationMs: 1,
});
const noop = () => undefined;

describe('ToolCard', () => {
  it('shows a result that reports an error as such, not as "ok"', () => {
    render(
      <ToolCard
        row={row({ result: null, error: "Unknown unit: 'x'" })}
        collapsed={false}
        onToggle={noop}
        onOpen={noop}
      />,
    );
    const card = screen.getByTestId('trace-tool');
    expect(card.getAttribute('data-status')).toBe('ok');
    expect(card.querySelector('.head .badge')!.textContent).toBe('tool reported an error');
    expect(screen.getByTestId('trace-tool-reported').textContent).toContain("Unknown unit: 'x'");
  });

  it('keeps "ok" for a clean result', () => {
    render(<ToolCard row={row({ result: 1, error: null })} collapsed={false} onToggle={noop} onOpen={noop} />);
    expect(screen.getByTestId('trace-tool').querySelector('.head .badge')!.textContent).toBe('ok');
    expect(screen.queryByTestId('trace-tool-reported')).toBeNull();
  });

  it('offers no form for a tool the persona does not have', () => {
    const unknown: ToolRow = {
      ...row(undefined),
      name: 'no_such_tool',
      status: 'error',
      error: { code: 'tool_not_found', message: "Tool 'no_such_tool' is not offered by any toolbox of this persona." },
    };
    render(<ToolCard row={unknown} collapsed={false} onToggle={noop} onOpen={noop} />);
    const open = screen.getByTestId('open-in-form') as HTMLButtonElement;
    expect(open.disabled).toBe(true);
    expect(open.title).toContain('does not have');
    cleanup();
    render(<ToolCard row={row({ result: 1, error: null })} collapsed={false} onToggle={noop} onOpen={noop} />);
    expect((screen.getByTestId('open-in-form') as HTMLButtonElement).disabled).toBe(false);
  });

  it('folded, still shows what went in and what came out, in one line each', () => {
    render(<ToolCard row={row({ result: 626, error: null })} collapsed onToggle={noop} onOpen={noop} />);
    const lines = [...screen.getByTestId('trace-tool-summary').children].map((e) => e.textContent);
    expect(lines).toEqual(['in {"value":1,"from_unit":"x","to_unit":"km"}', 'out {"result":626,"error":null}']);
    cleanup();
    const failed: ToolRow = {
      ...row(undefined),
      status: 'error',
      error: { code: 'tool_input_invalid', message: 'value must be a number' },
    };
    render(<ToolCard row={failed} collapsed onToggle={noop} onOpen={noop} />);
    expect(screen.getByTestId('trace-tool-summary').textContent).toContain(
      'out tool_input_invalid: value must be a number',
    );
    cleanup();
    render(
      <ToolCard row={row({ result: null, error: "Unknown unit: 'x'" })} collapsed onToggle={noop} onOpen={noop} />,
    );
    expect(screen.getByTestId('trace-tool-summary').textContent).toContain("out reported error: Unknown unit: 'x'");
  });

  it('shows the raw text of arguments that were not JSON, expanded and folded (issue 11.16)', () => {
    const base = { runId: 'r', at: 0, iteration: 1 };
    const raw = '{"a": 1, b';
    const events = [
      {
        ...base,
        seq: 0,
        ...assistantTurn({ toolCalls: [{ id: 'c1', name: 'calc', arguments: {}, rawArguments: raw }] }),
      },
      {
        ...base,
        seq: 1,
        type: 'tool_started',
        toolCallId: 'c1',
        name: 'calc',
        toolboxId: 't',
        arguments: {},
        rawArguments: raw,
      },
      {
        ...base,
        seq: 2,
        type: 'tool_error',
        toolCallId: 'c1',
        name: 'calc',
        toolboxId: 't',
        arguments: {},
        rawArguments: raw,
        error: {
          code: 'tool_input_invalid',
          message: "The arguments for 'calc' are not valid JSON: Expected property name",
        },
        content: "Error: tool 'calc' was not run",
        durationMs: 0,
      },
    ] as TraceEvent[];
    const tool = buildTraceRows(events).find((r): r is ToolRow => r.kind === 'tool')!;
    expect(tool.rawArguments).toBe(raw);
    render(<ToolCard row={tool} collapsed={false} onToggle={noop} onOpen={noop} />);
    expect(screen.getByTestId('trace-tool-raw-arguments').textContent).toBe(raw);
    expect(screen.getByTestId('trace-tool-error').textContent).toContain('not valid JSON');
    cleanup();
    render(<ToolCard row={tool} collapsed onToggle={noop} onOpen={noop} />);
    expect(screen.getByTestId('trace-tool-summary').textContent).toContain(`in ${raw}`);
  });

  it('shows the cause of a failed call (what the tool said), folded and unfolded', () => {
    const failed: ToolRow = {
      ...row(undefined),
      name: 'current_time',
      status: 'error',
      error: {
        code: 'tool_execution_failed',
        message: "Tool execution failed for 'current_time' in ToolBox 'ovos-clock-tools'",
        details: { cause: "Unknown time zone 'Mars/Olympus'" },
      },
    };
    render(<ToolCard row={failed} collapsed onToggle={noop} onOpen={noop} />);
    expect(screen.getByTestId('trace-tool-summary').textContent).toContain(
      "out tool_execution_failed: Unknown time zone 'Mars/Olympus'",
    );
    cleanup();
    render(<ToolCard row={failed} collapsed={false} onToggle={noop} onOpen={noop} />);
    expect(screen.getByTestId('trace-tool-error').textContent).toContain("Unknown time zone 'Mars/Olympus'");
  });
});
