/**
 * ISO 8601 dates as wall-clock values: arithmetic happens on the written date and time, and the result keeps
 * the input's form (date only stays date only; an offset stays the same offset), so no DST guessing is needed.
 */
export interface IsoDate {
  /** The written date and time, held in a Date's UTC fields. */
  wall: Date;
  /** 'Z', '+01:00', or null when none was written. */
  offset: string | null;
  hasTime: boolean;
  hasFraction: boolean;
}

const ISO = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?\s*(Z|z|[+-]\d{2}:?\d{2})?)?$/;

export const ISO_HINT = "use ISO 8601, e.g. '2024-03-15' or '2024-03-15T14:30:00+01:00'";

export function parseIsoDate(text: string): IsoDate {
  const m = ISO.exec(text.trim());
  if (!m) throw new Error(`Invalid date '${text}': ${ISO_HINT}.`);
  const [, y, mo, d, h = '0', mi = '0', s = '0', frac = '', off] = m;
  const ms = frac ? Math.round(Number(`0.${frac}`) * 1000) : 0;
  const wall = new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s), ms));
  wall.setUTCFullYear(Number(y));
  const valid =
    wall.getUTCFullYear() === Number(y) &&
    wall.getUTCMonth() === Number(mo) - 1 &&
    wall.getUTCDate() === Number(d) &&
    wall.getUTCHours() === Number(h) &&
    wall.getUTCMinutes() === Number(mi) &&
    wall.getUTCSeconds() === Number(s);
  if (!valid) throw new Error(`Invalid date '${text}': that day or time does not exist.`);
  const offset = off ? (off.toUpperCase() === 'Z' ? 'Z' : `${off.slice(0, 3)}:${off.slice(-2)}`) : null;
  return { wall, offset, hasTime: m[4] !== undefined, hasFraction: frac !== '' };
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

export function formatIsoDate(date: IsoDate): string {
  const w = date.wall;
  const day = `${pad(w.getUTCFullYear(), 4)}-${pad(w.getUTCMonth() + 1)}-${pad(w.getUTCDate())}`;
  if (!date.hasTime) return day;
  const fraction = date.hasFraction || w.getUTCMilliseconds() ? `.${pad(w.getUTCMilliseconds(), 3)}` : '';
  return `${day}T${pad(w.getUTCHours())}:${pad(w.getUTCMinutes())}:${pad(w.getUTCSeconds())}${fraction}${date.offset ?? ''}`;
}

/** Offset in minutes east of UTC ('+05:30' -> 330); none written counts as UTC. */
export function offsetMinutes(offset: string | null): number {
  if (!offset || offset === 'Z') return 0;
  const sign = offset.startsWith('-') ? -1 : 1;
  return sign * (Number(offset.slice(1, 3)) * 60 + Number(offset.slice(4, 6)));
}

/** The instant (ms since epoch) a written date means. */
export function instantOf(date: IsoDate): number {
  return date.wall.getTime() - offsetMinutes(date.offset) * 60_000;
}

export function daysInMonth(year: number, monthIndex: number): number {
  return new Date(Date.UTC(year, monthIndex + 1, 0)).getUTCDate();
}

export const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** Minutes east of UTC of a zone at an instant, from Intl (throws RangeError on an unknown zone). */
export function zoneOffsetMinutes(timeZone: string, at: Date): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(at);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const wall = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return Math.round((wall - Math.floor(at.getTime() / 1000) * 1000) / 60_000);
}

export function formatOffset(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}
