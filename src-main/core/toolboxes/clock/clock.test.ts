import { describe, expect, it } from 'vitest';
import { ClockToolBox, clockToolbox } from './index';

class FixedClock extends ClockToolBox {
  protected now(): Date {
    return new Date('2024-07-01T12:34:56.789Z');
  }
}

const tb = new FixedClock();
const call = (name: string, kwargs: Record<string, unknown>) => tb.callTool(name, kwargs);
const cause = async (name: string, kwargs: Record<string, unknown>) => {
  try {
    await call(name, kwargs);
  } catch (error) {
    const e = error as { message: string; details?: { cause?: string } };
    return `${e.message}: ${e.details?.cause}`;
  }
  throw new Error('expected an error');
};

describe('ClockToolBox (ovos-clock-tools)', () => {
  it("has the OVOS id and five tools, OVOS's get_current_datetime among them", async () => {
    await tb.ready;
    expect(tb.toolboxId).toBe('ovos-clock-tools');
    expect(clockToolbox.title).toBe('Clock');
    expect([...tb.tools.keys()]).toEqual([
      'current_time',
      'date_add',
      'day_of_week',
      'date_difference',
      'get_current_datetime',
    ]);
  });

  describe('current_time', () => {
    it('gives the time in an IANA zone, with DST offsets from Intl', async () => {
      expect(await call('current_time', { timezone: 'Europe/Lisbon' })).toEqual({
        timezone: 'Europe/Lisbon',
        iso: '2024-07-01T13:34:56+01:00',
        date: '2024-07-01',
        time: '13:34:56',
        day_of_week: 'Monday',
        utc_offset: '+01:00',
        unix: 1719837296,
      });
      expect(await call('current_time', { timezone: 'Asia/Kolkata' })).toMatchObject({
        iso: '2024-07-01T18:04:56+05:30',
        utc_offset: '+05:30',
      });
      expect(await call('current_time', { timezone: 'America/Los_Angeles' })).toMatchObject({
        time: '05:34:56',
        utc_offset: '-07:00',
      });
      expect(await call('current_time', { timezone: 'Pacific/Kiritimati' })).toMatchObject({
        date: '2024-07-02',
        day_of_week: 'Tuesday',
      });
    });

    it('defaults to UTC, or to the configured zone', async () => {
      expect(await call('current_time', {})).toMatchObject({ timezone: 'UTC', iso: '2024-07-01T12:34:56+00:00' });
      const tokyo = new FixedClock({ config: { timezone: 'Asia/Tokyo' } });
      expect(await tokyo.callTool('current_time', {})).toMatchObject({ timezone: 'Asia/Tokyo', time: '21:34:56' });
    });

    it('a bad zone is a clear error', async () => {
      expect(await cause('current_time', { timezone: 'Mars/Olympus' })).toBe(
        "Tool execution failed for 'current_time' in ToolBox 'ovos-clock-tools': Unknown time zone 'Mars/Olympus': use an IANA time zone name such as 'Europe/Lisbon', 'America/New_York' or 'UTC'.",
      );
      const broken = new ClockToolBox({ config: { timezone: 'Nowhere/Land' } });
      await broken.ready;
      expect(broken.tools.size).toBe(0);
      expect(broken.discoveryError?.message).toMatch(/Unknown time zone 'Nowhere\/Land'/);
    });

    it('reads the real clock by default', async () => {
      const real = new ClockToolBox();
      const out = await real.callTool('current_time', {});
      expect(Math.abs((out.unix as number) - Date.now() / 1000)).toBeLessThan(5);
    });
  });

  describe('get_current_datetime (OVOS)', () => {
    it("answers OVOS's fields (iso, date, time, timezone) in the configured zone", async () => {
      const lisbon = new FixedClock({ config: { timezone: 'Europe/Lisbon' } });
      expect(await lisbon.callTool('get_current_datetime', {})).toEqual({
        iso: '2024-07-01T13:34:56.789+01:00',
        date: '2024-07-01',
        time: '13:34:56',
        timezone: 'Europe/Lisbon',
      });
      const tool = (await lisbon.getTool('get_current_datetime'))!;
      expect(lisbon.toolJsonList.find((t) => t.name === tool.name)?.argument_schema.properties).toEqual({});
    });

    it("without a configured zone it reports the system's zone, as OVOS does", async () => {
      const out = await tb.callTool('get_current_datetime', {});
      expect(out.timezone).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
      expect(out.iso).toMatch(/^2024-07-0[12]T\d{2}:\d{2}:56\.789([+-]\d{2}:\d{2})$/);
      expect(out.date).toBe((out.iso as string).slice(0, 10));
    });

    it('a bad configured zone is a discovery error, as for current_time', async () => {
      const broken = new ClockToolBox({ config: { timezone: 'Nowhere/Land' } });
      await expect(broken.callTool('get_current_datetime', {})).rejects.toThrow(/Unknown tool 'get_current_datetime'/);
    });
  });

  describe('date_add', () => {
    it('adds calendar units, clamping to the end of shorter months', async () => {
      expect(await call('date_add', { date: '2024-01-31', months: 1 })).toEqual({
        date: '2024-01-31',
        result: '2024-02-29',
        day_of_week: 'Thursday',
      });
      expect((await call('date_add', { date: '2023-01-31', months: 1 })).result).toBe('2023-02-28');
      expect((await call('date_add', { date: '2024-02-29', years: 1 })).result).toBe('2025-02-28');
      expect((await call('date_add', { date: '2024-12-15', months: 2 })).result).toBe('2025-02-15');
      expect((await call('date_add', { date: '2024-03-01', days: -1 })).result).toBe('2024-02-29');
      expect((await call('date_add', { date: '2024-01-01', weeks: 2, days: '3' })).result).toBe('2024-01-18');
      expect((await call('date_add', { date: '2024-03-15', months: -3 })).result).toBe('2023-12-15');
    });

    it('keeps times and offsets; adding hours to a date gives a date-time', async () => {
      expect((await call('date_add', { date: '2024-03-15T14:30:00+01:00', hours: 10 })).result).toBe(
        '2024-03-16T00:30:00+01:00',
      );
      expect((await call('date_add', { date: '2024-03-15T23:59:59Z', seconds: 1 })).result).toBe(
        '2024-03-16T00:00:00Z',
      );
      expect((await call('date_add', { date: '2024-03-15', hours: 5 })).result).toBe('2024-03-15T05:00:00');
      expect((await call('date_add', { date: '2024-03-15 08:00', minutes: 90 })).result).toBe('2024-03-15T09:30:00');
    });

    it('rejects dates that are not ISO or do not exist', async () => {
      expect(await cause('date_add', { date: '2024-02-30', days: 1 })).toBe(
        "Tool execution failed for 'date_add' in ToolBox 'ovos-clock-tools': Invalid date '2024-02-30': that day or time does not exist.",
      );
      expect(await cause('date_add', { date: 'next tuesday' })).toMatch(/Invalid date 'next tuesday': use ISO 8601/);
      await expect(call('date_add', { date: '2024-01-01', months: 1.5 })).rejects.toThrow(
        "Tool input validation failed for 'date_add'",
      );
    });
  });

  describe('day_of_week', () => {
    it('names the weekday with ISO numbers', async () => {
      expect(await call('day_of_week', { date: '2024-03-15' })).toEqual({
        date: '2024-03-15',
        day_of_week: 'Friday',
        iso_weekday: 5,
        day_of_year: 75,
        iso_week: 11,
      });
      expect(await call('day_of_week', { date: '2021-01-03' })).toMatchObject({
        day_of_week: 'Sunday',
        iso_weekday: 7,
        iso_week: 53,
      });
      expect(await call('day_of_week', { date: '2000-01-01T10:00:00Z' })).toMatchObject({ day_of_week: 'Saturday' });
    });

    it('rejects a bad date', async () => {
      expect(await cause('day_of_week', { date: '2023-13-01' })).toMatch(/Invalid date '2023-13-01'/);
    });
  });

  describe('date_difference', () => {
    it('counts days, hours and seconds between dates, across offsets', async () => {
      expect(await call('date_difference', { start: '2024-01-01', end: '2024-03-01' })).toEqual({
        start: '2024-01-01',
        end: '2024-03-01',
        days: 60,
        hours: 1440,
        total_seconds: 5184000,
        description: '60 days',
      });
      expect(
        await call('date_difference', { start: '2024-01-01T10:00:00+02:00', end: '2024-01-01T09:00:00Z' }),
      ).toMatchObject({ hours: 1, total_seconds: 3600, description: '1 hour' });
      expect(await call('date_difference', { start: '2024-01-02', end: '2024-01-01T12:30:00' })).toMatchObject({
        days: -0.479167,
        description: '11 hours, 30 minutes earlier',
      });
      expect((await call('date_difference', { start: '2024-01-01', end: '2024-01-01' })).description).toBe(
        'the same moment',
      );
    });
  });
});
