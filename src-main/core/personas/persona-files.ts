import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { writeFileAtomic } from '../atomic-write';
import { StudioError } from '../errors';
import { renameNoReplace } from './persona-fs';

/** The largest persona file an import reads (personas are a few KB; this leaves room for long prompts). */
export const MAX_IMPORT_BYTES = 5 * 1024 * 1024;

/** What an import reads: a file (a regular file of at most MAX_IMPORT_BYTES) or text, with the name it came by. */
export async function readImportSource(
  source: { path: string } | { text: string; fileName?: string },
): Promise<{ text: string; fileName: string | undefined }> {
  let text: string;
  let fileName: string | undefined;
  if ('path' in source) {
    let info;
    try {
      info = await stat(source.path);
      if (!info.isFile()) throw new StudioError('bad_input', `${source.path} is not a file.`);
      if (info.size > MAX_IMPORT_BYTES)
        throw new StudioError(
          'bad_input',
          `${source.path} is too large for a persona file (${info.size} bytes; at most ${MAX_IMPORT_BYTES}).`,
        );
      text = await readFile(source.path, 'utf8');
    } catch (error) {
      if (error instanceof StudioError) throw error;
      throw new StudioError('not_found', `Cannot read ${source.path}: ${(error as Error).message}`);
    }
    fileName = source.path;
  } else {
    if (Buffer.byteLength(source.text, 'utf8') > MAX_IMPORT_BYTES)
      throw new StudioError(
        'bad_input',
        `This text is too large for a persona file (at most ${MAX_IMPORT_BYTES} bytes).`,
      );
    text = source.text;
    fileName = source.fileName;
  }
  return { text, fileName };
}

/**
 * Writes an exported persona to `file`: an existing file is replaced only with `overwrite` (otherwise `bad_input`,
 * the file untouched), a folder never; with secrets the file is readable by its owner only.
 */
export async function writeExport(
  file: string,
  text: string,
  options: { withSecrets?: boolean; overwrite?: boolean },
): Promise<string> {
  const target = path.resolve(file);
  const existing = await stat(target).catch(() => null);
  if (existing?.isDirectory()) throw new StudioError('bad_input', `${target} is a folder: name the file to write.`);
  const refuse = () =>
    new StudioError(
      'bad_input',
      `${target} already exists and is kept as it is; to replace it, export with overwrite (CLI: --force).`,
      { path: target, exists: true },
    );
  if (existing && !options.overwrite) throw refuse();
  await writeFileAtomic(target, text, {
    ...(options.withSecrets ? { mode: 0o600 } : {}),
    // Without overwrite, a file that appears meanwhile is not replaced either: link() fails on an existing name.
    rename: options.overwrite ? undefined : (from, to) => renameNoReplace(from, to, refuse),
  });
  return target;
}
