import type { FetchLike } from '../api/super-admin-client';
import { SESSION_HEADER } from '../api/super-admin-client';

export interface ConsoleApiConfig {
  supabaseUrl: string;
  anonKey?: string;
  fetch?: FetchLike;
}

export class ConsoleApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** One call to /functions/v1/super-admin-console/<path> with the super-admin session; errors carry the server's message. */
export async function consoleRequest<T>(config: ConsoleApiConfig, sessionToken: string, path: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json', [SESSION_HEADER]: sessionToken };
  if (config.anonKey) {
    headers.apikey = config.anonKey;
    headers.authorization = `Bearer ${config.anonKey}`;
  }
  if (body !== undefined) headers['content-type'] = 'application/json';
  const doFetch = config.fetch ?? ((input: string, init?: RequestInit) => fetch(input, init));
  const res = await doFetch(`${config.supabaseUrl.replace(/\/$/, '')}/functions/v1/super-admin-console/${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json().catch(() => ({}))) as { error?: string };
  if (!res.ok) throw new ConsoleApiError(res.status, json.error ?? `Request failed (${res.status})`);
  return json as T;
}
