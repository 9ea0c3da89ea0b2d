import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { configJsonSchema } from '../../../shared/plugins/config-schema';
import { LoopEngineConfig } from '../../../shared/plugins/engines/loop-config';
import { TreeOfThoughtsConfig } from '../../../shared/plugins/engines/tree-of-thoughts-config';
import type { CatalogEntry } from '../../../shared/ipc/records';
import { EngineSection } from './EngineSection';
import { ToolboxesSection } from './ToolboxesSection';
import { renderInStore, storeKit } from '../../testing/store-kit';

afterEach(cleanup);

const engine = (id: string, title: string, config: Parameters<typeof configJsonSchema>[0]): CatalogEntry => ({
  id,
  title,
  description: `${title}.`,
  configSchema: configJsonSchema(config),
  source: 'builtin',
});

describe('EngineSection', () => {
  it('offers Max iterations for an engine that reads it, not for one that counts its own rounds; says when it calls no tools', () => {
    const { store } = storeKit(
      {},
      {
        catalog: {
          engines: [
            engine('ovos-native-toolcall-loop', 'Native tool calls', LoopEngineConfig),
            engine('ovos-tree-of-thoughts-loop', 'Tree of thoughts', TreeOfThoughtsConfig),
          ],
          brains: [],
          toolboxes: [],
          pluginErrors: [],
        },
      },
    );
    store.getState().newDraft();
    renderInStore(
      store,
      <>
        <EngineSection />
        <ToolboxesSection />
      </>,
    );
    expect(screen.queryByTestId('engine-calls-no-tools')).toBeNull();
    expect(document.getElementById('persona-max-iterations')).not.toBeNull();
    act(() => {
      fireEvent.change(screen.getByLabelText('Engine'), { target: { value: 'ovos-tree-of-thoughts-loop' } });
    });
    expect(document.getElementById('persona-max-iterations')).toBeNull();
    expect(screen.getByText('Max depth')).toBeTruthy();
    expect(screen.queryByText('Tool timeout (s)')).toBeNull();
    expect(screen.getByTestId('engine-calls-no-tools').textContent).toContain(
      'Tree of thoughts calls no tools: the toolboxes ticked here are not offered to the model.',
    );
  });
});
