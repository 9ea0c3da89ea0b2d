/** What a stored event line that continues a conversation names (its type); no other line is parsed for it. */
const CONVERSATION = ['"user_message"', '"run_finished"'];

/**
 * The lines of a session file's text that may be user messages or answers (they name one of those types), in file
 * order: what the next turn's history is made of, found without parsing the other lines. A line that names the type
 * only inside a value is dropped later, when its parsed type is not one of them.
 */
export function conversationText(text: string): string {
  const starts = new Set<number>();
  for (const word of CONVERSATION)
    for (let at = text.indexOf(word); at >= 0; at = text.indexOf(word, at + 1))
      starts.add(text.lastIndexOf('\n', at) + 1);
  const lines: string[] = [];
  for (const start of [...starts].sort((a, b) => a - b)) {
    const end = text.indexOf('\n', start);
    lines.push(text.slice(start, end < 0 ? text.length : end));
  }
  return lines.join('\n');
}
