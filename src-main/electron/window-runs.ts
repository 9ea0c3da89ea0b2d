/** The client id of a window's calls (CallContext.client). */
export function windowClient(contents: { id: number }): string {
  return `window:${contents.id}`;
}

/**
 * When `win` closes, the runs it started that wait paused in the debugger are cancelled: nobody is left to
 * resume them. (In browser mode a paused run waits for a reload instead.)
 */
export function cancelPausedOnClose(
  win: { on(event: 'closed', listener: () => void): unknown; webContents: { id: number } },
  cancelPausedRunsOf: (client: string) => unknown,
): void {
  // The id is read now: after 'closed' the webContents is gone.
  const client = windowClient(win.webContents);
  win.on('closed', () => void cancelPausedRunsOf(client));
}
