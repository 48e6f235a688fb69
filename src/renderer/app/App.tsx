import { useState } from 'react';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { Provider as JotaiProvider, type createStore } from 'jotai';
import { RouterProvider, createBrowserRouter } from 'react-router-dom';
import { SupabaseProvider } from '../lib/supabase-context';
import type { TracklintClient } from '../lib/supabase';
import { OrganizationSetupRunner } from '../auth/OrganizationSetupRunner';
import { WindowSizeSync } from '../layout/WindowSizeSync';
import { TOAST_LIMIT } from '../notifications/toast-catalogue';
import { buildRoutes } from '../routing/routes';
import { theme } from './theme';

export interface AppContext {
  client: TracklintClient;
  queryClient: QueryClient;
  store: ReturnType<typeof createStore>;
}

export function App({ client, queryClient, store }: AppContext) {
  const [router] = useState(() => createBrowserRouter(buildRoutes()));
  return (
    <MantineProvider theme={theme}>
      {/* Bottom: a toast must never cover the top bar's menu button or user menu. */}
      <Notifications limit={TOAST_LIMIT} position="bottom-right" />
      <JotaiProvider store={store}>
        <SupabaseProvider client={client}>
          <QueryClientProvider client={queryClient}>
            <WindowSizeSync />
            <OrganizationSetupRunner />
            <RouterProvider router={router} />
          </QueryClientProvider>
        </SupabaseProvider>
      </JotaiProvider>
    </MantineProvider>
  );
}
