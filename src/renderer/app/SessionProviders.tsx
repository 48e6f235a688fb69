import { lazy, Suspense, type ReactNode } from 'react';
import { Outlet } from 'react-router-dom';
import { QueryClientProvider } from '@tanstack/react-query';
import { useStore } from 'jotai';
import { SupabaseProvider } from '../lib/supabase-context';
import { useRuntimeConfig } from '../lib/runtime-config-context';
import { OrganizationSetupRunner } from '../auth/OrganizationSetupRunner';
import { InvitationRunner } from '../auth/InvitationRunner';
import { showToast } from '../notifications/notify';
// Not the super-admin barrel: it re-exports the console's routes, which would pull every console page in.
import { SuperAdminConfigProvider } from '../pages/super-admin/session/SuperAdminConfig';
import type { SuperAdminNotice } from '../pages/super-admin/session/session-controller';
import { platform } from '../platform';
import { startSession } from './session';

/**
 * The toast container (with its transitions) loads after the page: toasts shown before it mounts
 * wait in @mantine/notifications' store and appear when it does.
 */
const Toasts = lazy(() => import('./Toasts').then((m) => ({ default: m.Toasts })));

/** The super-admin area reports through the app's one-toast-at-a-time toasts. */
const notifySuperAdmin = (notice: SuperAdminNotice) => showToast(notice.title, notice.message ?? '', notice.variant);

/**
 * Everything a signed-in (or signing-in) page needs, in its own chunk (the session layout route):
 * the supabase client, TanStack Query, toasts, the runners that finish sign-up and accept
 * invitations, and the super-admin configuration.
 */
export function SessionProviders({ children }: { children: ReactNode }) {
  const config = useRuntimeConfig();
  // Idempotent: the first call creates the client (maybe already done in the background), later ones reuse it.
  const { client, queryClient } = startSession({ config, store: useStore() });
  return (
    <SupabaseProvider client={client}>
      <QueryClientProvider client={queryClient}>
        <Suspense fallback={null}>
          <Toasts />
        </Suspense>
        <OrganizationSetupRunner />
        <InvitationRunner />
        <SuperAdminConfigProvider
          supabaseUrl={config.supabaseUrl}
          anonKey={config.supabaseAnonKey}
          storage={platform.authStorage}
          notify={notifySuperAdmin}
        >
          {children}
        </SuperAdminConfigProvider>
      </QueryClientProvider>
    </SupabaseProvider>
  );
}

/** The layout route around auth pages, /app and /super-admin (see routing/routes). */
export function SessionLayout() {
  return (
    <SessionProviders>
      <Outlet />
    </SessionProviders>
  );
}
