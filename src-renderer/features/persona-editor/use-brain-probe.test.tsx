import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import type { MethodInput } from '../../../shared/ipc/contract';

type BrainProbe = MethodInput<'brains.test'>;
import { StoreProvider } from '../../store/context';
import { useBrainProbe } from './use-brain-probe';
import { storeKit } from '../../testing/store-kit';

afterEach(cleanup);

describe('useBrainProbe', () => {
  it("does not offer one server's models for another URL (switching persona or typing a new URL)", async () => {
    const { store } = storeKit({
      'brains.models': (p: BrainProbe) =>
        p.api_url.includes(':1111') ? { models: ['scripted-model'] } : new Promise(() => undefined),
    });
    const wrapper = ({ children }: { children: ReactNode }) => <StoreProvider store={store}>{children}</StoreProvider>;
    const { result, rerender } = renderHook((probe: BrainProbe) => useBrainProbe(probe), {
      wrapper,
      initialProps: { api_url: 'http://127.0.0.1:1111/v1', personaId: 'a' },
    });
    await waitFor(() => expect(result.current.models).toEqual(['scripted-model']));
    rerender({ api_url: 'http://localhost:11434/v1', personaId: 'b' });
    expect(result.current.models).toEqual([]);
  });
});
