import type { AgentTool } from '../../toolbox';
import { ToolBox } from '../../toolbox';
import { checkTimeZone, currentTimeTool, dateAddTool, dateDifferenceTool, dayOfWeekTool } from './tools';

/** OVOS's `ovos-clock-tools`: the time in any IANA zone and calendar arithmetic (Intl, no network). */
export class ClockToolBox extends ToolBox {
  static defaultId = 'ovos-clock-tools';
  static title = 'Clock';
  static description = 'The current time in any IANA time zone, date arithmetic, weekdays and the time between dates.';
  static configSchema = {
    type: 'object',
    properties: {
      timezone: {
        type: 'string',
        title: 'Default time zone',
        description: "IANA name used when a call gives none, e.g. 'Europe/Lisbon'.",
        default: 'UTC',
      },
    },
    additionalProperties: false,
  };

  /** The clock the tools read; tests override it. */
  protected now(): Date {
    return new Date();
  }

  discoverTools(): AgentTool[] {
    const configured = typeof this.config.timezone === 'string' && this.config.timezone ? this.config.timezone : 'UTC';
    checkTimeZone(configured);
    return [
      currentTimeTool(
        () => configured,
        () => this.now(),
      ),
      dateAddTool,
      dayOfWeekTool,
      dateDifferenceTool,
    ];
  }
}
