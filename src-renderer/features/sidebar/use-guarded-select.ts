import { useAppStoreApi } from '../../store/context';
import { isDirty } from '../../store/personas-slice';

/** A new persona's name field, once the editor shows it: focused with its text selected, to type the name over. */
function focusNewName() {
  const at = () => document.getElementById('persona-name') as HTMLInputElement | null;
  const focus = (tries: number) => {
    const input = at();
    if (input) {
      input.focus();
      input.select();
    } else if (tries > 0) requestAnimationFrame(() => focus(tries - 1));
  };
  requestAnimationFrame(() => focus(10));
}

/**
 * Switching persona (or starting a new one) asks first when the current one has unsaved changes. A new one
 * puts the keyboard in its name.
 */
export function useGuardedSelect() {
  const store = useAppStoreApi();
  const guard = (go: () => void) => {
    const s = store.getState();
    if (!isDirty(s)) return go();
    s.askConfirm({
      title: 'Discard unsaved changes?',
      message: `“${s.draft?.name ?? 'This persona'}” has changes that are not saved.`,
      confirmLabel: 'Discard',
      danger: true,
      onConfirm: go,
    });
  };
  return {
    select: (id: string) => guard(() => void store.getState().selectPersona(id)),
    create: () =>
      guard(() => {
        store.getState().newDraft();
        focusNewName();
      }),
  };
}
