import type { FetchLike } from '../../../../src/renderer/pages/super-admin/api/super-admin-client';
import type { TokenStorage } from '../../../../src/renderer/pages/super-admin/session/session-logic';

export interface RecordedRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
}

type Reply = { status?: number; body?: unknown } | Error;

/** A fetch that answers from a table keyed by the last path segment and records each call. */
export function fakeFetch(replies: Record<string, Reply | Reply[]>) {
  const requests: RecordedRequest[] = [];
  const queues = new Map(Object.entries(replies).map(([key, value]) => [key, Array.isArray(value) ? [...value] : [value]]));
  const fetch: FetchLike = async (url, init) => {
    const action = url.split('/').pop() ?? '';
    requests.push({
      url,
      method: init?.method ?? 'GET',
      headers: { ...(init?.headers as Record<string, string>) },
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    });
    const queue = queues.get(action);
    const reply = queue && queue.length > 1 ? queue.shift() : queue?.[0];
    if (!reply) throw new Error(`unexpected call to ${url}`);
    if (reply instanceof Error) throw reply;
    return new Response(JSON.stringify(reply.body ?? {}), {
      status: reply.status ?? 200,
      headers: { 'Content-Type': 'application/json' },
    });
  };
  return { fetch, requests };
}

export function memoryStorage(initial: Record<string, string> = {}): TokenStorage & { data: Map<string, string> } {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: async (key) => data.get(key) ?? null,
    setItem: async (key, value) => void data.set(key, value),
    removeItem: async (key) => void data.delete(key),
  };
}

export const superAdmin = { id: 'u-1', email: 'root@tracklint.test', mfaEnabled: false, role: 'super_admin' };
