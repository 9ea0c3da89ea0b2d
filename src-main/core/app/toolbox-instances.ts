import { StudioError } from '../errors';
import type { ToolBox } from '../toolbox';
import type { AppContext } from './app-context';
import { defaultToolboxConfig } from './bus-url-default';

/**
 * One instance of every installed toolbox with its default config (empty; a bus toolbox gets the app's bus): what the Tools pane shows
 * without a persona, and what answers OVOS agents on the bus.
 */
export class ToolboxInstances {
  private readonly instances = new Map<string, { toolbox: ToolBox | null; error: Error | null }>();

  constructor(private readonly app: AppContext) {}

  /** Every installed toolbox id, with its instance or the error its constructor threw. */
  async entries(): Promise<Array<{ toolboxId: string; toolbox: ToolBox | null; error: Error | null }>> {
    const { toolboxes } = await this.app.toolboxCatalog();
    const { busUrl } = await this.app.settings.get();
    const out = [];
    for (const [toolboxId, descriptor] of Object.entries(toolboxes)) {
      let entry = this.instances.get(toolboxId);
      if (!entry) {
        try {
          const toolbox = descriptor.create({ toolboxId, config: defaultToolboxConfig(toolboxId, busUrl) });
          this.app.watchToolbox(toolbox, null);
          entry = { toolbox, error: null };
        } catch (error) {
          entry = { toolbox: null, error: error instanceof Error ? error : new Error(String(error)) };
        }
        this.instances.set(toolboxId, entry);
      }
      out.push({ toolboxId, ...entry });
    }
    return out;
  }

  /** The live instances (toolboxes whose constructor failed are left out). */
  async all(): Promise<ToolBox[]> {
    return (await this.entries()).flatMap((e) => (e.toolbox ? [e.toolbox] : []));
  }

  /** One installed toolbox by id; not installed -> not_found. */
  async get(toolboxId: string): Promise<ToolBox> {
    const entry = (await this.entries()).find((e) => e.toolboxId === toolboxId);
    if (!entry) throw new StudioError('not_found', `No installed toolbox '${toolboxId}'.`);
    if (!entry.toolbox)
      throw new StudioError('internal', `Toolbox '${toolboxId}' could not be created: ${entry.error?.message}`);
    return entry.toolbox;
  }

  async closeAll(): Promise<void> {
    const all = [...this.instances.values()];
    this.instances.clear();
    await Promise.all(all.map((e) => e.toolbox?.close().catch(() => undefined)));
  }
}
