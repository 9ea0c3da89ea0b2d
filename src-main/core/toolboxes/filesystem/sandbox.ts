import { lstat, readdir, realpath } from 'node:fs/promises';
import path from 'node:path';
import { globDepth, globToRegExp } from './glob';

/** Thrown when the toolbox has no root folder yet: the tool error tells the user where to set it. */
export const NO_ROOT_MESSAGE =
  "No root folder is set for ovos-filesystem-tools: set 'root_path' in this toolbox's config (persona editor, Toolboxes) to the folder its tools may use.";

/** A root folder and the checks that keep every path inside it, symlinks resolved (realpath). */
export class Sandbox {
  private constructor(readonly root: string) {}

  /** The sandbox of a configured root: the folder must exist; its real path is the boundary. */
  static async open(rootPath: string | undefined): Promise<Sandbox> {
    if (!rootPath) throw new Error(NO_ROOT_MESSAGE);
    try {
      return new Sandbox(await realpath(path.resolve(rootPath)));
    } catch (error) {
      throw new Error(
        `The root folder '${rootPath}' of ovos-filesystem-tools cannot be used (${(error as Error).message}); set 'root_path' to an existing folder.`,
        { cause: error },
      );
    }
  }

  /** True when a real (symlink-free) path is the root or below it. */
  contains(real: string): boolean {
    const rel = path.relative(this.root, real);
    return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
  }

  /**
   * The real path a requested path means, or null when it leaves the root: `../` escapes, absolute paths
   * elsewhere, and symlinks (anywhere on the way) that point out. A path that does not exist yet is judged by its
   * nearest existing folder (for writes).
   */
  async resolve(requested: string): Promise<string | null> {
    const lexical = path.resolve(this.root, requested);
    if (!this.contains(lexical)) return null;
    let existing = lexical;
    const rest: string[] = [];
    for (;;) {
      try {
        const real = await realpath(existing);
        const full = path.join(real, ...rest);
        return this.contains(real) ? full : null;
      } catch {
        const parent = path.dirname(existing);
        if (parent === existing) return null;
        rest.unshift(path.basename(existing));
        existing = parent;
      }
    }
  }

  /**
   * Paths under `start` (a real folder inside the root) whose '/'-separated path relative to it matches `glob`,
   * sorted. Symlinks pointing out of the root are left out; symlinked folders are listed, not entered.
   * Stops after `limit` matches or `maxVisits` entries (`truncated` says so).
   */
  async glob(
    start: string,
    glob: string,
    options: { limit: number; maxVisits?: number },
  ): Promise<{ paths: string[]; truncated: boolean }> {
    const pattern = globToRegExp(glob);
    const depth = globDepth(glob);
    const maxVisits = options.maxVisits ?? 50_000;
    const found: string[] = [];
    let visits = 0;
    let truncated = false;
    const walk = async (dir: string, rel: string, level: number): Promise<void> => {
      let names: string[];
      try {
        names = (await readdir(dir)).sort();
      } catch {
        return;
      }
      for (const name of names) {
        if (found.length >= options.limit || ++visits > maxVisits) {
          truncated = true;
          return;
        }
        const full = path.join(dir, name);
        const relPath = rel ? `${rel}/${name}` : name;
        const info = await lstat(full).catch(() => null);
        if (!info) continue;
        let isDir = info.isDirectory();
        if (info.isSymbolicLink()) {
          const target = await realpath(full).catch(() => null);
          if (!target || !this.contains(target)) continue;
          isDir = false;
        }
        if (pattern.test(relPath)) found.push(full);
        if (isDir && level + 1 < depth) await walk(full, relPath, level + 1);
      }
    };
    await walk(start, '', 0);
    return { paths: found.sort(), truncated };
  }
}
