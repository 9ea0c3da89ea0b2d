import { modKey } from '../lib/keys';

/** Segmented tabs; arrow keys move between them; `numbered` says that Ctrl/Cmd + the tab's number opens it. */
export function Tabs<T extends string>({
  tabs,
  value,
  onChange,
  numbered = false,
}: {
  tabs: { id: T; label: string }[];
  value: T;
  onChange(id: T): void;
  numbered?: boolean;
}) {
  return (
    <div className="tabs" role="tablist">
      {tabs.map((t, i) => (
        <button
          key={t.id}
          role="tab"
          aria-selected={t.id === value}
          tabIndex={t.id === value ? 0 : -1}
          data-testid={`tab-${t.id}`}
          title={numbered ? `${modKey()}+${i + 1}` : undefined}
          aria-keyshortcuts={numbered ? `${modKey() === '⌘' ? 'Meta' : 'Control'}+${i + 1}` : undefined}
          onClick={() => onChange(t.id)}
          onKeyDown={(e) => {
            const d = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
            if (!d) return;
            const next = tabs[(i + d + tabs.length) % tabs.length];
            onChange(next.id);
            (
              e.currentTarget.parentElement?.children[(i + d + tabs.length) % tabs.length] as HTMLElement | undefined
            )?.focus();
          }}
        >
          {t.label}
        </button>
      ))}
    </div>
  );
}
