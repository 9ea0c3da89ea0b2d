/**
 * Splits markdown into top-level chunks at blank lines, never inside a fenced code block, and keeps indented
 * continuations (a list item's next paragraph) with the chunk above. Rendering chunk by chunk lets a streaming answer
 * re-parse only its last chunk per token. A text with link reference definitions stays one chunk.
 */
export function markdownChunks(text: string): string[] {
  // A link reference definition (`[1]: https://...`) may serve any paragraph: such a text is parsed whole.
  if (/^ {0,3}\[[^\]]+\]:/m.test(text)) return [text];
  const lines = text.split('\n');
  const chunks: string[] = [];
  let current: string[] = [];
  let fence: string | null = null;
  let blank = false;
  for (const line of lines) {
    const marker = /^ {0,3}(`{3,}|~{3,})/.exec(line)?.[1];
    if (fence) {
      if (marker && marker[0] === fence[0] && marker.length >= fence.length) fence = null;
      current.push(line);
      continue;
    }
    if (line.trim() === '') {
      blank = true;
      current.push(line);
      continue;
    }
    if (blank && current.some((l) => l.trim() !== '') && !/^\s/.test(line)) {
      chunks.push(current.join('\n'));
      current = [];
    }
    blank = false;
    if (marker) fence = marker;
    current.push(line);
  }
  if (current.length) chunks.push(current.join('\n'));
  return chunks;
}
