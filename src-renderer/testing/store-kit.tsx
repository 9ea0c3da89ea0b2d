import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { bindEvents, createAppStore, type AppState, type AppStore } from '../store';
import { StoreProvider } from '../store/context';
import { fakeClient } from '../store/fake-client';

type Handlers = Parameters<typeof fakeClient>[0];

/** A store on a fake client (handlers by method), with main's pushes bound and a starting state, for tests. */
export function storeKit(handlers: Handlers = {}, state: Partial<AppState> = {}) {
  const fake = fakeClient(handlers);
  const store = createAppStore(fake.client);
  bindEvents(store, fake.client);
  store.setState(state);
  return { ...fake, store };
}

/** Renders `ui` inside a StoreProvider for `store`; `rerender` keeps the provider. */
export function renderInStore(store: AppStore, ui: ReactNode) {
  const view = render(<StoreProvider store={store}>{ui}</StoreProvider>);
  return { ...view, rerender: (next: ReactNode) => view.rerender(<StoreProvider store={store}>{next}</StoreProvider>) };
}

/** `storeKit` and `renderInStore` in one: the component test's usual mount. */
export function renderWithStore(ui: ReactNode, handlers: Handlers = {}, state: Partial<AppState> = {}) {
  const kit = storeKit(handlers, state);
  return { ...kit, view: renderInStore(kit.store, ui) };
}
