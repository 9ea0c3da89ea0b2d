import { ClockToolsConfig } from '../../../../shared/plugins/toolboxes/clock';
import type { AgentTool } from '../../toolbox';
import { ToolBox } from '../../toolbox';
import { defineToolbox } from '../toolbox-descriptor';
import {
  checkTimeZone,
  currentTimeTool,
  dateAddTool,
  dateDifferenceTool,
  dayOfWeekTool,
  getCurrentDatetimeTool,
} from './tools';

/** The zone this machine's clock is set to (what OVOS's system-time tool reports), UTC when Intl cannot say. */
export function systemTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** OVOS's `ovos-clock-tools`: the time in any IANA zone and calendar arithmetic (Intl, no network). */
export class ClockToolBox extends ToolBox {
  static readonly defaultId = 'ovos-clock-tools';

  /** The clock the tools read; tests override it. */
  protected now(): Date {
    return new Date();
  }

  discoverTools(): AgentTool[] {
    // An unset, empty or non-string timezone is the schema's default.
    const field = ClockToolsConfig.shape.timezone;
    const configured = field.safeParse(this.config.timezone || undefined).data ?? field.parse(undefined);
    checkTimeZone(configured);
    const systemZone = typeof this.config.timezone === 'string' && this.config.timezone ? configured : systemTimeZone();
    return [
      currentTimeTool(
        () => configured,
        () => this.now(),
      ),
      dateAddTool,
      dayOfWeekTool,
      dateDifferenceTool,
      getCurrentDatetimeTool(
        () => systemZone,
        () => this.now(),
      ),
    ];
  }
}

/** The `ovos-clock-tools` plugin. */
export const clockToolbox = defineToolbox({
  id: ClockToolBox.defaultId,
  title: 'Clock',
  description:
    "The current time in any IANA time zone, date arithmetic, weekdays, the time between dates, and OVOS's get_current_datetime (system time).",
  config: ClockToolsConfig,
  source: 'builtin',
  create: (options) => new ClockToolBox(options),
});
