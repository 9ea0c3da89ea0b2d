/**
 * Shell globs as Python's pathlib uses them: `*` and `?` within one path segment, `[...]` classes (`[!...]`
 * negates), `**` as a whole segment for zero or more folders. Compiled to a RegExp over '/'-separated paths.
 */
export function globToRegExp(glob: string): RegExp {
  const segments = glob.split('/').filter((s, i, all) => s !== '' || i === all.length - 1);
  let source = '';
  segments.forEach((segment, i) => {
    const last = i === segments.length - 1;
    if (segment === '**') {
      source += last ? '.*' : '(?:[^/]+/)*';
      return;
    }
    source += segmentSource(segment) + (last ? '' : '/');
  });
  return new RegExp(`^${source}$`);
}

function segmentSource(segment: string): string {
  let out = '';
  for (let i = 0; i < segment.length; i++) {
    const c = segment[i];
    if (c === '*') out += '[^/]*';
    else if (c === '?') out += '[^/]';
    else if (c === '[') {
      const end = segment.indexOf(']', i + 2);
      if (end === -1) {
        out += '\\[';
        continue;
      }
      let body = segment.slice(i + 1, end);
      if (body.startsWith('!')) body = `^${body.slice(1)}`;
      out += `[${body.replace(/\\/g, '\\\\')}]`;
      i = end;
    } else out += c.replace(/[.+^${}()|\\]/g, '\\$&');
  }
  return out;
}

/** How many folder levels a glob can reach below its start (Infinity with `**`). */
export function globDepth(glob: string): number {
  const segments = glob.split('/').filter(Boolean);
  return segments.includes('**') ? Infinity : segments.length;
}
