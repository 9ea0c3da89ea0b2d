import { beforeEach, describe, expect, it } from 'vitest';
import { storeKit } from '../testing/store-kit';

const summary = { id: 'calc', name: 'Calc', description: '', engine: null, path: '/p/calc.json', updatedAt: 1 };

/** A window with persona `calc` open, on a folder whose file `disk.name` says what is on disk now. */
async function open() {
  const disk = { name: 'Calc' };
  const kit = storeKit({
    'personas.list': () => ({ personas: [{ ...summary, name: disk.name }], broken: [] }),
    'personas.get': () => ({
      id: 'calc',
      path: '/p/calc.json',
      persona: { name: disk.name, handlers: ['ovos-native-toolcall-loop'] },
      secretsSet: [],
    }),
    'toolboxes.list': () => ({ toolboxes: [] }),
    'chat.sessions': () => ({ sessions: [] }),
  });
  await kit.store.getState().loadPersonas();
  await kit.store.getState().selectPersona('calc');
  return { ...kit, disk };
}

/** Main says the file changed outside the app; resolves once the window has read it again. */
async function changedOutside(kit: Awaited<ReturnType<typeof open>>) {
  const before = kit.calls.length;
  kit.emit('personas.changed', { id: 'calc', outside: true });
  await expect.poll(() => kit.calls.slice(before).some((c) => c.method === 'personas.get')).toBe(true);
  await new Promise((r) => setTimeout(r, 0));
}

beforeEach(() => localStorage.clear());

describe('a persona file changed outside the app', () => {
  it('shows in the editor and the list when the editor has no unsaved edits', async () => {
    const kit = await open();
    kit.disk.name = 'Calc (edited by hand)';
    await changedOutside(kit);
    const state = kit.store.getState();
    expect(state.draft?.name).toBe('Calc (edited by hand)');
    expect(state.personas[0].name).toBe('Calc (edited by hand)');
    expect(state.toasts.at(-1)?.text).toContain('changed on disk; the editor shows the file as it is now');
  });

  it('keeps unsaved edits, and says that saving them replaces the file', async () => {
    const kit = await open();
    kit.store.getState().updateDraft((p) => ({ ...p, name: 'My unsaved name' }));
    kit.disk.name = 'Calc (edited by hand)';
    await changedOutside(kit);
    const state = kit.store.getState();
    expect(state.draft?.name).toBe('My unsaved name');
    expect(state.toasts.at(-1)?.text).toContain('Your unsaved edits are kept; saving them replaces the file');
  });

  it('a save of its own (no outside flag) leaves the editor as it is', async () => {
    const kit = await open();
    kit.store.getState().updateDraft((p) => ({ ...p, name: 'Typing' }));
    kit.emit('personas.changed', { id: 'calc' });
    await new Promise((r) => setTimeout(r, 20));
    expect(kit.store.getState().draft?.name).toBe('Typing');
    expect(kit.store.getState().toasts).toEqual([]);
  });
});
