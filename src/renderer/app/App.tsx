import { MantineProvider } from '@mantine/core';
import { Provider as JotaiProvider, type createStore } from 'jotai';
import { RouterProvider, type createBrowserRouter } from 'react-router-dom';
import { RuntimeConfigProvider } from '../lib/runtime-config-context';
import { WindowSizeSync } from '../layout/WindowSizeSync';
import type { RuntimeConfig } from '../lib/runtime-config';
import { theme } from './theme';

export interface AppContext {
  store: ReturnType<typeof createStore>;
  config: RuntimeConfig;
}

/**
 * The part of the app every page needs. Supabase, TanStack Query, notifications and the session
 * runners are provided by the session layout route around the routes that use them, so a marketing
 * page does not download them.
 */
export function App({ store, config, router }: AppContext & { router: ReturnType<typeof createBrowserRouter> }) {
  return (
    <MantineProvider theme={theme}>
      <JotaiProvider store={store}>
        <RuntimeConfigProvider config={config}>
          <WindowSizeSync />
          <RouterProvider router={router} />
        </RuntimeConfigProvider>
      </JotaiProvider>
    </MantineProvider>
  );
}
