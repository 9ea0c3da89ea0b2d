import type { CatalogEntry } from '../../../../shared/ipc/contract';
import { BRAINS } from '../../brains/index';
import { ENGINES } from '../../engines/catalog';
import { toErrorValue } from '../../errors';
import type { AppContext } from '../../app/app-context';
import type { Handlers } from '../dispatch';

/** app.info and app.catalog: what this app is and which plugins it has. */
export function appHandlers(app: AppContext): Pick<Handlers, 'app.info' | 'app.catalog' | 'app.notices'> {
  return {
    'app.notices': async () => ({ notices: app.notices() }),
    'app.info': async () => ({
      version: app.version,
      dataDir: app.dataDir,
      mode: app.mode,
      platform: process.platform,
    }),
    'app.catalog': async () => {
      const { classes, sources, errors } = await app.toolboxCatalog();
      const entry = (
        id: string,
        meta: { title?: string; description?: string; configSchema?: Record<string, unknown> },
        source: CatalogEntry['source'],
      ): CatalogEntry => ({
        id,
        title: meta.title ?? id,
        description: meta.description ?? '',
        configSchema: meta.configSchema ?? { type: 'object' },
        source,
      });
      return {
        engines: Object.entries(ENGINES).map(([id, meta]) => entry(id, meta, 'builtin')),
        brains: Object.entries(BRAINS).map(([id, meta]) => entry(id, meta, 'builtin')),
        toolboxes: Object.entries(classes).map(([id, Cls]) => entry(id, Cls, sources[id] ?? 'builtin')),
        pluginErrors: errors.map((e) => ({ id: e.id, error: toErrorValue(e.error) })),
      };
    },
  };
}
