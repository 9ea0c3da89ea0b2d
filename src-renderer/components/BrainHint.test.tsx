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
});
