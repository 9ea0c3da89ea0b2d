const KEY = 'persona-studio.lastPersona';

/** Remembers the persona open in this window, so a reload opens it again (not the first of the list). */
export function rememberPersona(id: string): void {
  try {
    localStorage.setItem(KEY, id);
  } catch {
    // No storage (private mode, tests without a DOM): a reload then opens the first persona.
  }
}

/** The persona open before the last reload, if any. */
export function rememberedPersona(): string | null {
  try {
    return localStorage.getItem(KEY);
  } catch {
    return null;
  }
}
