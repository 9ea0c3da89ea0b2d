import { ClockToolsConfig } from '../../../../shared/plugins/toolboxes/clock';
import type { AgentTool } from '../../toolbox';
import { ToolBox } from '../../toolbox';
import { defineToolbox } from '../toolbox-descriptor';
import { checkTimeZone, currentTimeTool, dateAddTool, dateDifferenceTool, dayOfWeekTool } from './tools';

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

/** The `ovos-clock-tools` plugin. */
export const clockToolbox = defineToolbox({
  id: ClockToolBox.defaultId,
  title: 'Clock',
  description: 'The current time in any IANA time zone, date arithmetic, weekdays and the time between dates.',
  config: ClockToolsConfig,
  source: 'builtin',
  create: (options) => new ClockToolBox(options),
});
