/**
 * Stands in for @supabase/realtime-js in the web build (see vite.web.config.ts). Tracklint never
 * opens a Realtime channel, yet supabase-js constructs a RealtimeClient and imports the Phoenix
 * socket library: about 20 KB gzipped on every page that signs in. supabase-js only calls what is
 * below (setAuth on token changes); opening a channel fails loudly instead of silently.
 */
const UNUSED = 'Realtime is not part of the Tracklint web build (vite.web.config.ts replaces @supabase/realtime-js).';

export class RealtimeClient {
  constructor(..._args: unknown[]) {}
  setAuth(_token?: string | null): Promise<void> {
    return Promise.resolve();
  }
  channel(..._args: unknown[]): never {
    throw new Error(UNUSED);
  }
  getChannels(): never[] {
    return [];
  }
  removeChannel(..._args: unknown[]): Promise<'ok'> {
    return Promise.resolve('ok');
  }
  removeAllChannels(): Promise<'ok'[]> {
    return Promise.resolve([]);
  }
}
