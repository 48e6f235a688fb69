import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type { SecureAuthStorage } from '../../preload/bridge-types';
import type { Database } from '../../shared/database.types';
import type { RuntimeConfig } from './runtime-config';

/** supabase-js typed by the generated schema (`npm run db:generate`): a renamed column fails the typecheck. */
export type TracklintClient = SupabaseClient<Database>;

/**
 * The one supabase-js client. Email links use the implicit flow (`#access_token=...&type=signup`),
 * which detectSessionInUrl turns into a session on load. On the desktop the session lives in
 * the OS keychain via the platform's async storage.
 */
export function createSupabaseClient(config: RuntimeConfig, storage: SecureAuthStorage): TracklintClient {
  return createClient<Database>(config.supabaseUrl, config.supabaseAnonKey, {
    auth: {
      storage,
      persistSession: true,
      autoRefreshToken: true,
      detectSessionInUrl: true,
      flowType: 'implicit',
    },
  });
}
