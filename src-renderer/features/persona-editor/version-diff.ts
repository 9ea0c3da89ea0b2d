import { diffLines } from 'diff';

/** One line of a version diff: kept, only in the chosen version (removed now), or only in the current one. */
export interface DiffLine {
  kind: 'same' | 'removed' | 'added';
  text: string;
}

/** The persona as its file would read (2-space JSON), so a diff shows the lines a user would see change. */
export const personaText = (persona: unknown): string => `${JSON.stringify(persona, null, 2)}\n`;

/** Line diff from `from` (the chosen version) to `to` (the current persona). */
export function versionDiff(from: unknown, to: unknown): DiffLine[] {
  return diffLines(personaText(from), personaText(to)).flatMap((part) =>
    part.value
      .replace(/\n$/, '')
      .split('\n')
      .map((text) => ({ kind: part.added ? 'added' : part.removed ? 'removed' : 'same', text }) as DiffLine),
  );
}
