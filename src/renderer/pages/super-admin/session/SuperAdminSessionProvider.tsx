import { createContext, useContext, useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import { Outlet } from 'react-router-dom';
import { SuperAdminSessionController } from './session-controller';
import type { SuperAdminSessionState } from './session-logic';
import { useSuperAdminConfig } from './SuperAdminConfig';

interface SessionContextValue {
  state: SuperAdminSessionState;
  controller: SuperAdminSessionController;
}

const SessionContext = createContext<SessionContextValue | null>(null);

export function SuperAdminSessionProvider({
  children,
  controller: given,
}: {
  children: ReactNode;
  /** A prepared controller (tests); by default one is built from the SuperAdminConfig. */
  controller?: SuperAdminSessionController;
}) {
  const config = useSuperAdminConfig();
  // One controller for the provider's lifetime; config changes after mount are not expected.
  const [controller] = useState(
    () =>
      given ??
      new SuperAdminSessionController({
        api: { supabaseUrl: config.supabaseUrl, anonKey: config.anonKey, fetch: config.fetch },
        storage: config.storage,
        notify: (notice) => config.notify(notice),
        clientInfo: config.clientInfo,
      }),
  );
  const state = useSyncExternalStore(controller.subscribe, controller.getState, controller.getState);

  useEffect(() => {
    void controller.restore();
  }, [controller]);

  const signedIn = state.status === 'signed-in';
  useEffect(() => {
    if (!signedIn) return undefined;
    return controller.startRechecks();
  }, [controller, signedIn]);

  return <SessionContext.Provider value={{ state, controller }}>{children}</SessionContext.Provider>;
}

/** Layout route element that gives every /super-admin route the same session. */
export function SuperAdminSessionRoot() {
  return (
    <SuperAdminSessionProvider>
      <Outlet />
    </SuperAdminSessionProvider>
  );
}

export function useSuperAdminSession(): SessionContextValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSuperAdminSession must be used inside <SuperAdminSessionProvider>');
  return value;
}
