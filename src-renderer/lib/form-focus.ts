/** The first control of a tool's form: its first field (or an array's Add), else Run (a tool without arguments). */
export function firstFormField(root: ParentNode | null): HTMLElement | null {
  return root?.querySelector<HTMLElement>('.tool-form :is(input, select, textarea, button):not(:disabled)') ?? null;
}

/**
 * Whether the keyboard is free to be moved: nothing has focus, or the chat's message box has it (it cannot send
 * while a run goes on). A field the user is typing in elsewhere keeps it.
 */
export function focusIsFree(doc: Document = document): boolean {
  const active = doc.activeElement;
  return !active || active === doc.body || active.hasAttribute('data-composer');
}
