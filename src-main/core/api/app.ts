import type { RpcEvent } from '../../../shared/ipc/envelope';
import { AppContext } from '../app/app-context';
import type { Handlers } from './dispatch';
import { createHandlers } from './handlers/index';

/** The app as a transport sees it: handlers to dispatch to, events to forward, and close. */
export interface App {
  context: AppContext;
  handlers: Handlers;
  onEvent(listener: (event: RpcEvent) => void): () => void;
  close(): Promise<void>;
}

/** Opens the data folder and builds the handlers; Electron and the browser host both start here. */
export async function createApp(options: Parameters<typeof AppContext.open>[0]): Promise<App> {
  const context = await AppContext.open(options);
  return {
    context,
    handlers: createHandlers(context),
    onEvent: (listener) => context.onEvent(listener),
    close: () => context.close(),
  };
}
