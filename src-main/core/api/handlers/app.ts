import { toErrorValue } from '../../errors';
import { catalogEntryOf } from '../../plugins/descriptor';
import type { AppContext } from '../../app/app-context';
import type { Handlers } from '../dispatch';

/** app.info and app.catalog: what this app is and which plugins it has, each from its descriptor. */
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
      const { toolboxes, errors } = await app.toolboxCatalog();
      return {
        engines: app.engines.map((d) => ({ ...catalogEntryOf(d), source: 'builtin' as const })),
        brains: app.brains.map((d) => ({ ...catalogEntryOf(d), source: 'builtin' as const })),
        toolboxes: Object.values(toolboxes).map((d) => ({ ...catalogEntryOf(d), source: d.source })),
        pluginErrors: errors.map((e) => ({ id: e.id, error: toErrorValue(e.error) })),
      };
    },
  };
}
