import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import type { ErrorValue } from '../../shared/domain/errors';
import { ErrorNotice } from './ErrorNotice';

afterEach(cleanup);

const show = (error: ErrorValue) => render(<ErrorNotice error={error} />);

describe('ErrorNotice', () => {
  it("shows the cause main attached (what the tool said), not only OVOS's generic message", () => {
    show({
      code: 'tool_execution_failed',
      message: "Tool execution failed for 'current_time' in ToolBox 'ovos-clock-tools'",
      details: { cause: "Unknown time zone 'Mars/Olympus'" },
    });
    const notice = screen.getByRole('alert');
    expect(notice.textContent).toContain('tool_execution_failed');
    expect(screen.getByTestId('error-cause').textContent).toBe("Unknown time zone 'Mars/Olympus'");
  });

  it('shows the validation issues with their paths, and no cause line when there is none', () => {
    show({
      code: 'tool_input_invalid',
      message: 'Tool input validation failed',
      details: { issues: [{ path: ['a', 0], message: 'must be number' }] },
    });
    expect(screen.getByRole('alert').textContent).toContain('a.0 must be number');
    expect(screen.queryByTestId('error-cause')).toBeNull();
  });
});
