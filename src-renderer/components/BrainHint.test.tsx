import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { BrainHint } from './BrainHint';

afterEach(cleanup);

describe('BrainHint', () => {
  it('"Open the brain settings" puts the keyboard in the brain URL field once the editor shows', async () => {
    function Host() {
      const [tab, setTab] = useState<'chat' | 'editor'>('chat');
      return tab === 'chat' ? (
        <BrainHint
          error={{ code: 'brain_unreachable', message: 'Cannot reach the brain' }}
          url="http://127.0.0.1:9/v1"
          onSettings={() => setTab('editor')}
        />
      ) : (
        <section aria-labelledby="brain-h">
          <h3 id="brain-h">Brain</h3>
          <label htmlFor="brain-url">Server URL</label>
          <input id="brain-url" />
        </section>
      );
    }
    render(<Host />);
    fireEvent.click(screen.getByRole('button', { name: 'Open the brain settings' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Server URL')));
  });

  it("names the persona's URL only when the error does not say which one it tried (a run from before a change)", () => {
    const tried = 'http://127.0.0.1:9/v1/chat/completions';
    const { container } = render(
      <BrainHint
        error={{
          code: 'brain_unreachable',
          message: `Cannot reach the brain at ${tried}: bad port.`,
          details: { url: tried },
        }}
        url="http://127.0.0.1:11434/v1"
      />,
    );
    expect(container.textContent).not.toContain('11434');
    cleanup();
    render(
      <BrainHint
        error={{ code: 'brain_unreachable', message: 'Cannot reach the brain.' }}
        url="http://127.0.0.1:11434/v1"
      />,
    );
    expect(screen.getByText('http://127.0.0.1:11434/v1')).toBeTruthy();
  });
});
