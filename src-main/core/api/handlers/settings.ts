import type { AppContext } from '../../app/app-context';
import type { Handlers } from '../dispatch';

/** App settings; saving applies them (the OVOS bus bridge follows busUrl). */
export function settingsHandlers(
  app: AppContext,
): Pick<Handlers, 'settings.get' | 'settings.save' | 'settings.busStatus'> {
  return {
    'settings.get': () => app.settings.get(),
    'settings.save': async (settings) => {
      const saved = await app.settings.save(settings);
      await app.applySettings(saved);
      return saved;
    },
    'settings.busStatus': () => app.busStatus(),
  };
}
