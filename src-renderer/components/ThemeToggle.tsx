import { useApp } from '../store/context';

const NEXT = { system: 'light', light: 'dark', dark: 'system' } as const;
const LABEL = { system: 'Theme: system', light: 'Theme: light', dark: 'Theme: dark' } as const;

/** Cycles system -> light -> dark; saved in settings. */
export function ThemeToggle() {
  const theme = useApp((s) => s.theme);
  const setTheme = useApp((s) => s.setTheme);
  return (
    <button
      className="ghost small"
      data-testid="theme-toggle"
      onClick={() => void setTheme(NEXT[theme])}
      title="Switch theme"
    >
      {theme === 'dark' ? '☾' : theme === 'light' ? '☀' : '◐'} {LABEL[theme]}
    </button>
  );
}
