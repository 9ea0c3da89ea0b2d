/** Segmented tabs; arrow keys move between them. */
export function Tabs<T extends string>({
  tabs,
  value,
  onChange,
}: {
  tabs: { id: T; label: string }[];
  value: T;
  onChange(id: T): void;
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
