/** A small leveled logger on stderr; debug lines only when PERSONA_STUDIO_DEBUG is set. */
type Level = 'debug' | 'info' | 'warn' | 'error';

const debugOn = () => Boolean(process.env.PERSONA_STUDIO_DEBUG);
let sink: ((level: Level, scope: string, message: string) => void) | null = null;

/** Tests capture log lines through this. */
export function setLogSink(next: typeof sink): void {
  sink = next;
}

export function logger(scope: string) {
  const write = (level: Level, message: string) => {
    if (sink) return sink(level, scope, message);
    if (level === 'debug' && !debugOn()) return;
    if (level === 'info' && !debugOn()) return;
    process.stderr.write(`[${level}] ${scope}: ${message}\n`);
  };
  return {
    debug: (m: string) => write('debug', m),
    info: (m: string) => write('info', m),
    warn: (m: string) => write('warn', m),
    error: (m: string) => write('error', m),
  };
}
