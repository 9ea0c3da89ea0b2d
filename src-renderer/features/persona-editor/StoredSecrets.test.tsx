import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import type { PersonaRecord } from '../../../shared/ipc/records';
import { StoredSecrets } from './StoredSecrets';
import { renderInStore, storeKit } from '../../testing/store-kit';
import { configJsonSchema } from '../../../shared/plugins/config-schema';
import { UTCPToolBoxConfig } from '../../../shared/plugins/toolboxes/utcp';

afterEach(cleanup);

const ENGINE = 'ovos-native-toolcall-loop';
const TOKEN = `${ENGINE}.ovos-utcp-toolbox.utcp_config.variables.weather_TOKEN`;
const HEADER = `${ENGINE}.ovos-utcp-toolbox.utcp_config.manual_call_templates.0.headers.Authorization`;

function mount() {
  let secretsSet = [TOKEN, HEADER];
  const record = (): PersonaRecord => ({
    id: 'w',
    path: '/d/personas/w.json',
    persona: { name: 'Weather', solvers: [ENGINE], [ENGINE]: { toolboxes: ['ovos-utcp-toolbox'] } },
    secretsSet,
    secretsHeld: [],
  });
  const kit = storeKit({
    'personas.save': (input: { forgetSecrets?: string[] }) => {
      secretsSet = secretsSet.filter((p) => !input.forgetSecrets?.includes(p));
      return record();
    },
    'personas.get': () => record(),
    'personas.list': () => ({ personas: [], broken: [] }),
    'toolboxes.list': () => ({ toolboxes: [] }),
    'chat.sessions': () => ({ sessions: [] }),
    'personas.revealSecret': () => ({ value: 's3cret' }),
  });
  kit.store.setState({ record: record(), selectedId: 'w', draft: record().persona as never });
  kit.store.setState((s) => ({ savedJson: JSON.stringify(s.draft) }));
  renderInStore(
    kit.store,
    <StoredSecrets blockId="ovos-utcp-toolbox" engineId={ENGINE} schema={configJsonSchema(UTCPToolBoxConfig)} />,
  );
  return kit;
}

describe('StoredSecrets', () => {
  it('lists the block’s stored secrets masked; Forget removes one from the secret store, the other stays', async () => {
    const { calls } = mount();
    const list = screen.getByTestId('stored-secrets-ovos-utcp-toolbox');
    // Named as the form names the field; the stored path is its tooltip.
    expect(list.textContent).toContain('UTCP config › Variables › weather_TOKEN = ••••••••');
    expect(screen.getByText('UTCP config › Variables › weather_TOKEN').getAttribute('title')).toBe(
      'utcp_config.variables.weather_TOKEN',
    );
    expect(list.textContent).not.toContain('s3cret');
    await act(async () =>
      fireEvent.click(screen.getByRole('button', { name: 'Forget UTCP config › Variables › weather_TOKEN' })),
    );
    const save = calls.find((c) => c.method === 'personas.save');
    expect(save?.input).toMatchObject({ id: 'w', forgetSecrets: [TOKEN] });
    const after = screen.getByTestId('stored-secrets-ovos-utcp-toolbox').textContent;
    expect(after).not.toContain('weather_TOKEN');
    expect(after).toContain('UTCP config › Manuals 1 › Headers › Authorization');
  });

  it('asks for the unsaved changes to be saved first (Forget saves the persona as it is on disk)', () => {
    const { store } = mount();
    act(() => store.getState().updateDraft((p) => ({ ...p, name: 'Weather 2' })));
    const forget = screen.getByRole('button', { name: 'Forget UTCP config › Variables › weather_TOKEN' });
    expect((forget as HTMLButtonElement).disabled).toBe(true);
    expect(forget.getAttribute('title')).toBe('Save your changes first');
  });
});
