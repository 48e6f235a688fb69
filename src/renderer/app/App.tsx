import { useState } from 'react';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { Provider as JotaiProvider, type createStore } from 'jotai';
import { RouterProvider, createBrowserRouter } from 'react-router-dom';
import { SupabaseProvider } from '../lib/supabase-context';
import { RuntimeConfigProvider } from '../lib/runtime-config-context';
import type { TracklintClient } from '../lib/supabase';
import { OrganizationSetupRunner } from '../auth/OrganizationSetupRunner';
import { InvitationRunner } from '../auth/InvitationRunner';
import { WindowSizeSync } from '../layout/WindowSizeSync';
import { TOAST_LIMIT } from '../notifications/toast-catalogue';
import { showToast } from '../notifications/notify';
import { SuperAdminConfigProvider, type SuperAdminNotice } from '../pages/super-admin';
import { platform } from '../platform';
import { buildRoutes } from '../routing/routes';
import type { RuntimeConfig } from './runtime-config';
import { theme } from './theme';

export interface AppContext {
  client: TracklintClient;
  queryClient: QueryClient;
  store: ReturnType<typeof createStore>;
  config: RuntimeConfig;
}

/** The super-admin area reports through the app's one-toast-at-a-time toasts. */
const notifySuperAdmin = (notice: SuperAdminNotice) => showToast(notice.title, notice.message ?? '', notice.variant);

export function App({ client, queryClient, store, config }: AppContext) {
  const [router] = useState(() => createBrowserRouter(buildRoutes()));
  return (
    <MantineProvider theme={theme}>
      {/* Bottom: a toast must never cover the top bar's menu button or user menu. */}
      <Notifications limit={TOAST_LIMIT} position="bottom-right" />
      <JotaiProvider store={store}>
        <RuntimeConfigProvider config={config}>
          <SupabaseProvider client={client}>
            <QueryClientProvider client={queryClient}>
              <WindowSizeSync />
              <OrganizationSetupRunner />
              <InvitationRunner />
              <SuperAdminConfigProvider
                supabaseUrl={config.supabaseUrl}
                anonKey={config.supabaseAnonKey}
                storage={platform.authStorage}
                notify={notifySuperAdmin}
              >
                <RouterProvider router={router} />
              </SuperAdminConfigProvider>
            </QueryClientProvider>
          </SupabaseProvider>
        </RuntimeConfigProvider>
      </JotaiProvider>
    </MantineProvider>
  );
}
