/** Lines a crash prints that say nothing about the cause: stack frames, code frames, brackets, the runtime's version. */
const NOISE = [
  /^\s*at\s/,
  /^\s*[{}[\]()^~]*\s*$/,
  /^node:internal\//,
  /^\s*throw\s/,
  /^Node\.js v\d/,
  /^\s*(code|requireStack|errno|syscall|path):\s/,
  /^Traceback \(most recent call last\):/,
  /^\s*File ".*", line \d+/,
];

/** A line that names what went wrong: "Error: Cannot find module ...", "ModuleNotFoundError: ...", "fatal: ...". */
const ERROR_LINE =
  /(^|\s)([A-Z][\w.]*)?(Error|Exception)\b|^\s*(error|fatal|panic)\b|\b(cannot|can't|could not|failed|not found|no such|denied|refused|EADDRINUSE|ENOENT|EACCES)\b/i;

/**
 * The stderr lines worth showing when a server fails to start or dies: its error lines (at most three, the last
 * ones), else its last lines that are not stack frames or version banners. `} | | Node.js v20` says nothing;
 * `Error: Cannot find module '/x.js'` does.
 */
export function summarizeStderr(stderr: string, max = 3): string {
  const lines = stderr
    .split(/\r?\n/)
    .map((l) => l.trimEnd())
    .filter((l) => l.trim() && !NOISE.some((re) => re.test(l)));
  const errors = lines.filter((l) => ERROR_LINE.test(l));
  const chosen = (errors.length ? errors : lines).slice(-max).map((l) => l.trim());
  return [...new Set(chosen)].join(' | ');
}
