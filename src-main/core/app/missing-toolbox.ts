import { StudioError } from '../errors';
import { ToolBox, type AgentTool } from '../toolbox';

/**
 * Stands in for a toolbox the persona names but no installed plugin provides. OVOS logs such a toolbox and runs the
 * persona without it; so does the app: no tools, and a discovery error that the Tools pane and the chat show.
 */
export class MissingToolBox extends ToolBox {
  constructor(
    toolboxId: string,
    config: Record<string, unknown>,
    /** The installed toolbox plugins, for the message. */
    readonly installed: string[],
  ) {
    super({ toolboxId, config });
  }

  discoverTools(): AgentTool[] {
    throw new StudioError(
      'toolbox_not_installed',
      `No toolbox plugin '${this.toolboxId.split(':')[0]}' is installed here, so the persona runs without it (as OVOS does).`,
      { id: this.toolboxId, installed: this.installed },
    );
  }
}
