/**
 * Closes the app (runs cancelled, session files flushed), then exits; a close that hangs (a tool server that
 * does not stop) is given up after `timeoutMs`, so quitting never hangs either.
 */
export function closeThenExit(
  close: () => Promise<void>,
  exit: (code: number) => void,
  timeoutMs = 5000,
  warn: (line: string) => void = (line) => process.stderr.write(`${line}\n`),
): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<void>((resolve) => {
    timer = setTimeout(() => {
      warn(`closing took longer than ${timeoutMs} ms: quitting anyway`);
      resolve();
    }, timeoutMs);
  });
  const closed = close().catch((error: unknown) =>
    warn(`closing: ${error instanceof Error ? error.message : String(error)}`),
  );
  return Promise.race([closed, timedOut]).then(() => {
    clearTimeout(timer);
    exit(0);
  });
}
