/** The modifier the shortcuts use on this machine, as its keyboard labels it: ⌘ on a Mac, Ctrl elsewhere. */
export function modKey(platform: string = typeof navigator === 'undefined' ? '' : navigator.platform): string {
  return /Mac|iPhone|iPad/i.test(platform) ? '⌘' : 'Ctrl';
}
