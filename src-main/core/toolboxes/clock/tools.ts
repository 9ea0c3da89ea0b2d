import { z } from 'zod';
import { defineTool, ToolArguments, ToolOutput } from '../../toolbox';
import {
  daysInMonth,
  formatIsoDate,
  formatOffset,
  instantOf,
  parseIsoDate,
  WEEKDAYS,
  zoneOffsetMinutes,
} from './iso-date';

const ZONE_HINT = "use an IANA time zone name such as 'Europe/Lisbon', 'America/New_York' or 'UTC'";

/** Checks a zone name with Intl; throws a message naming the zone. */
export function checkTimeZone(timeZone: string): string {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return timeZone;
  } catch {
    throw new Error(`Unknown time zone '${timeZone}': ${ZONE_HINT}.`);
  }
}

export const CurrentTimeArgs = ToolArguments.extend({
  timezone: z
    .string()
    .optional()
    .describe("IANA time zone, e.g. 'Europe/Lisbon'; the toolbox's default zone (UTC unless configured) when omitted."),
});
export const CurrentTimeOutput = ToolOutput.extend({
  timezone: z.string(),
  iso: z.string().describe('Local date and time with UTC offset, ISO 8601.'),
  date: z.string(),
  time: z.string(),
  day_of_week: z.string(),
  utc_offset: z.string(),
  unix: z.number().int().describe('Seconds since 1970-01-01T00:00:00Z.'),
});

export function currentTime(timeZone: string, now: Date): z.input<typeof CurrentTimeOutput> {
  const zone = checkTimeZone(timeZone);
  const offset = zoneOffsetMinutes(zone, now);
  const seconds = Math.floor(now.getTime() / 1000);
  const wall = new Date(seconds * 1000 + offset * 60_000);
  const iso = formatIsoDate({ wall, offset: formatOffset(offset), hasTime: true, hasFraction: false });
  return {
    timezone: zone,
    iso,
    date: iso.slice(0, 10),
    time: iso.slice(11, 19),
    day_of_week: WEEKDAYS[wall.getUTCDay()],
    utc_offset: formatOffset(offset),
    unix: seconds,
  };
}

export const currentTimeTool = (defaultZone: () => string, now: () => Date) =>
  defineTool({
    name: 'current_time',
    description: 'The current date, time and day of week in an IANA time zone.',
    argumentSchema: CurrentTimeArgs,
    outputSchema: CurrentTimeOutput,
    toolCall: ({ timezone }) => currentTime(timezone ?? defaultZone(), now()),
  });

export const GetCurrentDatetimeArgs = ToolArguments;
export const GetCurrentDatetimeOutput = ToolOutput.extend({
  iso: z.string().describe('Full ISO-8601 datetime string.'),
  date: z.string().describe('Date portion (YYYY-MM-DD).'),
  time: z.string().describe('Time portion (HH:MM:SS).'),
  timezone: z.string().describe('System timezone name or offset.'),
});

/** OVOS's `get_current_datetime`: the local time of the given zone, with milliseconds and offset in `iso`. */
export function currentDatetime(timeZone: string, now: Date): z.input<typeof GetCurrentDatetimeOutput> {
  const zone = checkTimeZone(timeZone);
  const offset = zoneOffsetMinutes(zone, now);
  const wall = new Date(now.getTime() + offset * 60_000);
  const iso = formatIsoDate({ wall, offset: formatOffset(offset), hasTime: true, hasFraction: true });
  return { iso, date: iso.slice(0, 10), time: iso.slice(11, 19), timezone: zone };
}

/** `zone()`: the configured zone, else the system's (OVOS reads the system clock's zone). */
export const getCurrentDatetimeTool = (zone: () => string, now: () => Date) =>
  defineTool({
    name: 'get_current_datetime',
    description: 'Return the current system date and time in ISO-8601 format.',
    argumentSchema: GetCurrentDatetimeArgs,
    outputSchema: GetCurrentDatetimeOutput,
    toolCall: () => currentDatetime(zone(), now()),
  });

export const DateAddArgs = ToolArguments.extend({
  date: z.string().describe("ISO 8601 date or date-time, e.g. '2024-01-31' or '2024-03-15T14:30:00+01:00'."),
  years: z.number().int().default(0),
  months: z
    .number()
    .int()
    .default(0)
    .describe('Calendar months; the day is clamped to the end of a shorter month (Jan 31 + 1 month = Feb 28/29).'),
  weeks: z.number().default(0),
  days: z.number().default(0),
  hours: z.number().default(0),
  minutes: z.number().default(0),
  seconds: z.number().default(0),
});
export const DateAddOutput = ToolOutput.extend({
  date: z.string(),
  result: z.string().describe('The shifted date in the same form as the input (use negative amounts to subtract).'),
  day_of_week: z.string(),
});

export function dateAdd(args: z.output<typeof DateAddArgs>): z.input<typeof DateAddOutput> {
  const parsed = parseIsoDate(args.date);
  const w = parsed.wall;
  const monthIndex = w.getUTCMonth() + args.months + 12 * args.years;
  const year = w.getUTCFullYear() + Math.floor(monthIndex / 12);
  const month = ((monthIndex % 12) + 12) % 12;
  const shifted = new Date(w.getTime());
  shifted.setUTCFullYear(year, month, Math.min(w.getUTCDate(), daysInMonth(year, month)));
  const ms = (((args.weeks * 7 + args.days) * 24 + args.hours) * 60 + args.minutes) * 60_000 + args.seconds * 1000;
  const wall = new Date(shifted.getTime() + ms);
  const hasTime =
    parsed.hasTime || wall.getUTCHours() + wall.getUTCMinutes() + wall.getUTCSeconds() + wall.getUTCMilliseconds() > 0;
  const result = formatIsoDate({ ...parsed, wall, hasTime });
  return { date: args.date, result, day_of_week: WEEKDAYS[wall.getUTCDay()] };
}

export const dateAddTool = defineTool({
  name: 'date_add',
  description:
    'Add (or, with negative amounts, subtract) years, months, weeks, days, hours, minutes and seconds to an ISO 8601 date.',
  argumentSchema: DateAddArgs,
  outputSchema: DateAddOutput,
  toolCall: (args) => dateAdd(args),
});

export const DayOfWeekArgs = ToolArguments.extend({
  date: z.string().describe("ISO 8601 date, e.g. '2024-03-15'."),
});
export const DayOfWeekOutput = ToolOutput.extend({
  date: z.string(),
  day_of_week: z.string(),
  iso_weekday: z.number().int().describe('1 = Monday ... 7 = Sunday.'),
  day_of_year: z.number().int(),
  iso_week: z.number().int(),
});

export function dayOfWeek(date: string): z.input<typeof DayOfWeekOutput> {
  const w = parseIsoDate(date).wall;
  const day = Date.UTC(w.getUTCFullYear(), w.getUTCMonth(), w.getUTCDate());
  const isoWeekday = w.getUTCDay() === 0 ? 7 : w.getUTCDay();
  const dayOfYear = Math.round((day - Date.UTC(w.getUTCFullYear(), 0, 1)) / 86_400_000) + 1;
  const thursday = new Date(day + (4 - isoWeekday) * 86_400_000);
  const isoWeek =
    Math.floor(Math.round((thursday.getTime() - Date.UTC(thursday.getUTCFullYear(), 0, 1)) / 86_400_000) / 7) + 1;
  return {
    date,
    day_of_week: WEEKDAYS[w.getUTCDay()],
    iso_weekday: isoWeekday,
    day_of_year: dayOfYear,
    iso_week: isoWeek,
  };
}

export const dayOfWeekTool = defineTool({
  name: 'day_of_week',
  description: 'The weekday (and ISO weekday number, day of year, ISO week) of a date.',
  argumentSchema: DayOfWeekArgs,
  outputSchema: DayOfWeekOutput,
  toolCall: ({ date }) => dayOfWeek(date),
});

export const DateDifferenceArgs = ToolArguments.extend({
  start: z.string().describe('ISO 8601 date or date-time; no offset means UTC.'),
  end: z.string().describe('ISO 8601 date or date-time; no offset means UTC.'),
});
export const DateDifferenceOutput = ToolOutput.extend({
  start: z.string(),
  end: z.string(),
  days: z.number().describe('end - start in days (fractional for date-times; negative when end is earlier).'),
  hours: z.number(),
  total_seconds: z.number(),
  description: z.string().describe("e.g. '3 days, 4 hours, 5 minutes'."),
});

export function dateDifference(start: string, end: string): z.input<typeof DateDifferenceOutput> {
  const ms = instantOf(parseIsoDate(end)) - instantOf(parseIsoDate(start));
  const totalSeconds = ms / 1000;
  const round = (n: number) => Math.round(n * 1e6) / 1e6;
  return {
    start,
    end,
    days: round(totalSeconds / 86_400),
    hours: round(totalSeconds / 3600),
    total_seconds: totalSeconds,
    description: describeSpan(totalSeconds),
  };
}

function describeSpan(totalSeconds: number): string {
  if (totalSeconds === 0) return 'the same moment';
  let rest = Math.round(Math.abs(totalSeconds));
  const parts: string[] = [];
  for (const [unit, size] of [
    ['day', 86_400],
    ['hour', 3600],
    ['minute', 60],
    ['second', 1],
  ] as const) {
    const n = Math.floor(rest / size);
    rest -= n * size;
    if (n) parts.push(`${n} ${unit}${n === 1 ? '' : 's'}`);
  }
  return `${parts.join(', ')}${totalSeconds < 0 ? ' earlier' : ''}`;
}

export const dateDifferenceTool = defineTool({
  name: 'date_difference',
  description: 'The time between two ISO 8601 dates or date-times, in days, hours and seconds.',
  argumentSchema: DateDifferenceArgs,
  outputSchema: DateDifferenceOutput,
  toolCall: ({ start, end }) => dateDifference(start, end),
});
