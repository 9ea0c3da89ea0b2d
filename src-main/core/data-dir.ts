import { accessSync, constants, mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { StudioError } from './errors';

/** The folders and files inside the data folder. */
export interface DataPaths {
  root: string;
  personas: string;
  sessions: string;
  plugins: string;
  secrets: string;
  settings: string;
  approvals: string;
  exports: string;
  /** Every saved content of each persona (`versions/<personaId>/<versionId>.json`). */
  versions: string;
}

/**
 * Where the user's data lives: $PERSONA_STUDIO_HOME, else Electron's userData (passed in by the electron
 * layer), else ~/.config/persona-studio (XDG_CONFIG_HOME respected).
 */
export function resolveDataDir(options: { electronUserData?: string; env?: NodeJS.ProcessEnv } = {}): string {
  const env = options.env ?? process.env;
  if (env.PERSONA_STUDIO_HOME) return path.resolve(env.PERSONA_STUDIO_HOME);
  if (options.electronUserData) return options.electronUserData;
  const config = env.XDG_CONFIG_HOME || path.join(os.homedir(), '.config');
  return path.join(config, 'persona-studio');
}

/** The layout of a data folder. */
export function dataPaths(root: string): DataPaths {
  return {
    root,
    personas: path.join(root, 'personas'),
    sessions: path.join(root, 'sessions'),
    plugins: path.join(root, 'plugins'),
    secrets: path.join(root, 'secrets.json'),
    settings: path.join(root, 'settings.json'),
    approvals: path.join(root, 'approvals.json'),
    exports: path.join(root, 'exports'),
    versions: path.join(root, 'versions'),
  };
}

/**
 * Creates the folders of a data folder (owner-only where the OS supports modes). A folder that cannot be
 * created or written (read-only disk, a file in the way, no permission) is a `forbidden` error naming it.
 */
export function ensureDataDir(root: string): DataPaths {
  const paths = dataPaths(root);
  for (const dir of [paths.root, paths.personas, paths.sessions, paths.plugins]) {
    try {
      mkdirSync(dir, { recursive: true, mode: 0o700 });
      accessSync(dir, constants.W_OK);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      const why =
        code === 'EROFS'
          ? 'the disk is read-only'
          : code === 'ENOTDIR' || code === 'EEXIST'
            ? 'a file is in the way'
            : code === 'EACCES' || code === 'EPERM'
              ? 'no permission'
              : (error as Error).message;
      throw new StudioError(
        'forbidden',
        `Cannot use the data folder ${root}: ${dir} cannot be created or written (${why}). Set PERSONA_STUDIO_HOME to a writable folder.`,
        { path: dir, code },
        { cause: error },
      );
    }
  }
  return paths;
}
