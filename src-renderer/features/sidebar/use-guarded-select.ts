import { useAppStoreApi } from '../../store/context';
import { isDirty } from '../../store/personas-slice';

/** Switching persona (or starting a new one) asks first when the current one has unsaved changes. */
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
    create: () => guard(() => store.getState().newDraft()),
  };
}
