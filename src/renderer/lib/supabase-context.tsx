import { createContext, useContext, type ReactNode } from 'react';
import type { TracklintClient } from './supabase';

const SupabaseContext = createContext<TracklintClient | null>(null);

export function SupabaseProvider({ client, children }: { client: TracklintClient; children: ReactNode }) {
  return <SupabaseContext.Provider value={client}>{children}</SupabaseContext.Provider>;
}

/** The app's supabase client; hooks pass it to the plain fetchers of the data layer. */
export function useSupabase(): TracklintClient {
  const client = useContext(SupabaseContext);
  if (!client) throw new Error('useSupabase must be used inside <SupabaseProvider>');
  return client;
}
