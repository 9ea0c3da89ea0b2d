/** Secret values shorter than this are not looked for: a short value would match ordinary text. */
export const MIN_SCRUBBED_CHARS = 8;
/** What a secret value found in exported text is replaced by. */
export const SECRET_REMOVED = '[secret removed]';
/** Names of environment variables that hold secrets by convention (OPENAI_API_KEY, GITHUB_TOKEN, DB_PASSWORD…). */
const SECRET_ENV_NAME = /KEY|TOKEN|SECRET|PASSWORD|PASSWD|PASSPHRASE|CREDENTIAL|PRIVATE|AUTH/i;
/** …unless the name says the value is where a secret is, not the secret (SSH_AUTH_SOCK, XAUTHORITY, KEY_FILE). */
const SECRET_ENV_PLACE = /(_SOCK|_FILE|_PATH|_DIR|AUTHORITY)$/i;

/**
 * Replaces secret values wherever they appear in what leaves the app (a bundle, an exported trace): a tool that
 * echoed an API key, a user who pasted one in the chat, an error quoting a header. Each value is looked for
 * as it is and as it appears inside JSON text (escaped), longest first. Values are returned unchanged (the same
 * object) where nothing matched.
 */
export class SecretScrubber {
  private readonly needles: string[];
  /** How many occurrences were replaced so far. */
  removed = 0;

  constructor(values: Iterable<string>) {
    const needles = new Set<string>();
    for (const value of values) {
      if (value.length < MIN_SCRUBBED_CHARS) continue;
      needles.add(value);
      needles.add(JSON.stringify(value).slice(1, -1));
    }
    this.needles = [...needles].sort((a, b) => b.length - a.length);
  }

  /** The text with every secret value replaced. */
  text(text: string): string {
    let out = text;
    for (const needle of this.needles) {
      if (!out.includes(needle)) continue;
      const parts = out.split(needle);
      this.removed += parts.length - 1;
      out = parts.join(SECRET_REMOVED);
    }
    return out;
  }

  /** A JSON value with secret values replaced in every string, keys included. */
  value<T>(value: T): T {
    if (!this.needles.length) return value;
    return this.walk(value) as T;
  }

  private walk(value: unknown): unknown {
    if (typeof value === 'string') return this.text(value);
    if (value === null || typeof value !== 'object') return value;
    if (Array.isArray(value)) {
      let copy: unknown[] | null = null;
      value.forEach((item, i) => {
        const next = this.walk(item);
        if (next !== item) (copy ??= [...value])[i] = next;
      });
      return copy ?? value;
    }
    let copy: Record<string, unknown> | null = null;
    for (const [key, item] of Object.entries(value)) {
      const nextKey = this.text(key);
      const next = this.walk(item);
      if (next === item && nextKey === key) continue;
      copy ??= { ...(value as Record<string, unknown>) };
      if (nextKey !== key) delete copy[key];
      copy[nextKey] = next;
    }
    return copy ?? value;
  }
}

/**
 * The values of this process's environment variables whose names say they are secrets: a tool (a shell, an MCP
 * server that inherited the environment) can print them, and the secret store never saw them.
 */
export function environmentSecrets(env: NodeJS.ProcessEnv = process.env): string[] {
  return Object.entries(env).flatMap(([name, value]) =>
    value && SECRET_ENV_NAME.test(name) && !SECRET_ENV_PLACE.test(name) && value.length >= MIN_SCRUBBED_CHARS
      ? [value]
      : [],
  );
}

/** The scrubber for an export: every value of the secret store (all personas'), and the environment's secrets. */
export async function exportScrubber(secrets: { allValues(): Promise<string[]> }): Promise<SecretScrubber> {
  return new SecretScrubber([...(await secrets.allValues()), ...environmentSecrets()]);
}
