import { notifications } from '@mantine/notifications';
import { createContext, useContext, type ReactNode } from 'react';
import type { FetchLike } from '../api/super-admin-client';
import type { ClientInfo, SuperAdminNotice } from './session-controller';
import { browserTokenStorage, type TokenStorage } from './session-logic';

/**
 * What the super-admin area needs from the app core. The core wraps the router in
 * <SuperAdminConfigProvider> with its backend URL, anon key, token storage and toast function;
 * without it the defaults below apply (Vite env URL or this origin, localStorage, Mantine toasts).
 */
export interface SuperAdminConfig {
  supabaseUrl: string;
  anonKey?: string;
  fetch?: FetchLike;
  storage: TokenStorage;
  notify: (notice: SuperAdminNotice) => void;
  clientInfo?: () => ClientInfo;
}

/** One toast at a time, as in the rest of the app: a new one replaces what is showing. */
export function showMantineNotice(notice: SuperAdminNotice): void {
  notifications.clean();
  notifications.show({
    title: notice.title,
    message: notice.message ?? '',
    color: notice.variant === 'destructive' ? 'red' : 'teal',
  });
}

function envString(value: unknown): string | undefined {
  return typeof value === 'string' && value.length > 0 ? value : undefined;
}

export function defaultSuperAdminConfig(): SuperAdminConfig {
  const env = import.meta.env ?? {};
  return {
    supabaseUrl: envString(env.VITE_SUPABASE_URL) ?? globalThis.location?.origin ?? 'http://localhost',
    anonKey: envString(env.VITE_SUPABASE_ANON_KEY),
    storage: browserTokenStorage(),
    notify: showMantineNotice,
  };
}

const SuperAdminConfigContext = createContext<SuperAdminConfig | null>(null);

export function SuperAdminConfigProvider({
  children,
  ...config
}: Partial<SuperAdminConfig> & { supabaseUrl: string; children: ReactNode }) {
  const defaults = defaultSuperAdminConfig();
  const value: SuperAdminConfig = {
    ...defaults,
    ...Object.fromEntries(Object.entries(config).filter(([, v]) => v !== undefined)),
  } as SuperAdminConfig;
  return <SuperAdminConfigContext.Provider value={value}>{children}</SuperAdminConfigContext.Provider>;
}

export function useSuperAdminConfig(): SuperAdminConfig {
  return useContext(SuperAdminConfigContext) ?? defaultSuperAdminConfig();
}
