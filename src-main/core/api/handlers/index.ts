import type { AppContext } from '../../app/app-context';
import type { Handlers } from '../dispatch';
import { appHandlers } from './app';
import { brainHandlers } from './brains';
import { callHistoryHandlers } from './call-history';
import { chatHandlers } from './chat';
import { debugHandlers } from './debug';
import { mcpHandlers } from './mcp';
import { personaHandlers } from './personas';
import { personaVersionHandlers } from './persona-versions';
import { bundleHandlers } from './bundles';
import { settingsHandlers } from './settings';
import { testHandlers } from './tests';
import { toolboxHandlers } from './toolboxes';
import { timeTravelHandlers } from './time-travel';

/** Every method of the contract, implemented over the app's state. */
export function createHandlers(app: AppContext): Handlers {
  return {
    ...appHandlers(app),
    ...personaHandlers(app),
    ...personaVersionHandlers(app),
    ...bundleHandlers(app),
    ...toolboxHandlers(app),
    ...callHistoryHandlers(app),
    ...chatHandlers(app),
    ...debugHandlers(app),
    ...mcpHandlers(app),
    ...brainHandlers(app),
    ...settingsHandlers(app),
    ...timeTravelHandlers(app),
    ...testHandlers(app),
  };
}
