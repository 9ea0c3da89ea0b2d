import { statSync } from 'node:fs';

/**
 * What a file is now (inode, size, modification time in ns; 'none' when missing): a write or an atomic rename
 * changes it, so comparing two stamps tells whether the file changed in between without reading it.
 */
export function fileStamp(file: string): string {
  const info = statSync(file, { throwIfNoEntry: false, bigint: true });
  return info ? `${info.ino}:${info.size}:${info.mtimeNs}` : 'none';
}
