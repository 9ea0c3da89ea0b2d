/**
 * Byte sizes as the user reads them, the same in main (the stub a model is fed instead of media) and in the window
 * (a result card's size): one helper, so both say the same size for the same data.
 */

/** The decoded size of base64 text (white space ignored). */
export function base64Bytes(data: string): number {
  const clean = data.replace(/\s/g, '');
  const padding = clean.endsWith('==') ? 2 : clean.endsWith('=') ? 1 : 0;
  return Math.max(0, Math.floor((clean.length * 3) / 4) - padding);
}

/** A size as people read it: `312 B`, `95.1 KB`, `2.4 MB` (1 KB = 1024 bytes). */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
