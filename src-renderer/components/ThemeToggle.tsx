import type { Settings } from '../../shared/ipc/contract';

type Theme = Settings['theme'];

const NEXT = { system: 'light', light: 'dark', dark: 'system' } as const;
const LABEL = { system: 'Theme: system', light: 'Theme: light', dark: 'Theme: dark' } as const;

/** Cycles system -> light -> dark. */
export function ThemeToggle({ theme, onChange: setTheme }: { theme: Theme; onChange(theme: Theme): void }) {
  return (
    <button
      className="ghost small"
      data-testid="theme-toggle"
      onClick={() => setTheme(NEXT[theme])}
      title="Switch theme"
    >
      {theme === 'dark' ? '☾' : theme === 'light' ? '☀' : '◐'} {LABEL[theme]}
    </button>
  );
}
