import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { ConnectionBanner } from './ConnectionBanner';

afterEach(cleanup);

describe('ConnectionBanner', () => {
  it('says it is retrying, that unsaved edits are kept, and that a restarted serve has a new address', () => {
    const { rerender } = render(<ConnectionBanner lost={false} dirty={true} />);
    expect(screen.queryByTestId('connection-lost')).toBeNull();
    rerender(<ConnectionBanner lost={true} dirty={true} />);
    const text = screen.getByTestId('connection-lost').textContent!;
    expect(text).toContain('retrying');
    expect(text).toContain('unsaved changes stay in this window');
    expect(text).toContain('open the new address it printed');
    expect(screen.getByRole('button', { name: 'Reload' }).title).toContain('loses the unsaved changes');
    rerender(<ConnectionBanner lost={false} dirty={true} />);
    expect(screen.queryByTestId('connection-lost')).toBeNull();
  });
});
