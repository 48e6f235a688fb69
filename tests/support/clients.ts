import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import pg from 'pg';
import ws from 'ws';
import { inject } from 'vitest';

// Node 20 has no global WebSocket; supabase-js builds its realtime client eagerly and needs one.
const realtime = { transport: ws as unknown as typeof WebSocket };

/** A supabase-js client against the test server, with in-memory session storage so clients never share a session. */
export { realtime as testRealtimeOptions };

export function anonClient(): SupabaseClient {
  const store = new Map<string, string>();
  return createClient(inject('serverUrl'), inject('anonKey'), {
    realtime,
    auth: {
      persistSession: true,
      autoRefreshToken: false,
      detectSessionInUrl: false,
      storage: {
        getItem: (k) => store.get(k) ?? null,
        setItem: (k, v) => void store.set(k, v),
        removeItem: (k) => void store.delete(k),
      },
    },
  });
}

export function serviceClient(): SupabaseClient {
  return createClient(inject('serverUrl'), inject('serviceRoleKey'), {
    realtime,
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  });
}

/** Superuser SQL for asserting what is (or is not) in the database. Never used to set up what a test proves. */
export async function sql<T extends pg.QueryResultRow = pg.QueryResultRow>(text: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: inject('databaseUrl') });
  await client.connect();
  try {
    return (await client.query<T>(text, params)).rows;
  } finally {
    await client.end();
  }
}

export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.test`;
}

interface MailboxMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  links: string[];
}

/** Waits for the newest development-mailbox message to an address. */
export async function latestMailTo(email: string, timeoutMs = 5000): Promise<MailboxMessage> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await fetch(`${inject('serverUrl')}/dev/mailbox.json`);
    const messages = (await res.json()) as MailboxMessage[];
    const found = messages.find((m) => m.to === email);
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no mail to ${email}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
