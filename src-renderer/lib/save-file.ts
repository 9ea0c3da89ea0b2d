/** Saves bytes or text as a file through the browser's download (the desktop asks where). */
export function saveFile(content: Uint8Array<ArrayBuffer> | string, mimeType: string, name: string): void {
  const a = document.createElement('a');
  const url = URL.createObjectURL(new Blob([content], { type: mimeType }));
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
