import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type { SecureAuthStorage } from '../../preload/bridge-types';
import type { RuntimeConfig } from './runtime-config';

export type TracklintClient = SupabaseClient;

/**
 * The one supabase-js client. Email links use the implicit flow (`#access_token=...&type=signup`),
 * which detectSessionInUrl turns into a session on load. On the desktop the session lives in
 * the OS keychain via the platform's async storage.
 */
export function createSupabaseClient(config: RuntimeConfig, storage: SecureAuthStorage): TracklintClient {
  return createClient(config.supabaseUrl, config.supabaseAnonKey, {
    auth: {
      storage,
      persistSession: true,
      autoRefreshToken: true,
      detectSessionInUrl: true,
      flowType: 'implicit',
    },
  });
}
