import type { TracklintClient } from './supabase';

/** An error answered by the app API; `message` is the JSON body's `error` field when there is one. */
export class AppApiError extends Error {
  override name = 'AppApiError';
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

/** The readable error of an app API response body, or null (spec section 7: errors are in the `error` field). */
export function apiErrorMessage(body: unknown): string | null {
  if (!body || typeof body !== 'object') return null;
  const error = (body as { error?: unknown }).error;
  if (typeof error === 'string' && error.trim() !== '') return error;
  if (error && typeof error === 'object' && typeof (error as { message?: unknown }).message === 'string') {
    return (error as { message: string }).message;
  }
  return null;
}

export interface AppApiRequest {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  /** Path under the server, e.g. `/api/organizations/<id>`. */
  path: string;
  body?: unknown;
}

/**
 * Calls the Tracklint app API with the signed-in user's access token (Bearer). Throws an
 * AppApiError carrying the server's `error` text (or `fallback`) on any non-2xx answer.
 */
export async function appApiRequest<T>(
  client: TracklintClient,
  baseUrl: string,
  request: AppApiRequest,
  fallback: string,
  fetchImpl: typeof fetch = fetch,
): Promise<T> {
  const { data } = await client.auth.getSession();
  const token = data.session?.access_token;
  if (!token) throw new AppApiError('Not authenticated', 401);
  let response: Response;
  try {
    response = await fetchImpl(`${baseUrl.replace(/\/+$/, '')}${request.path}`, {
      method: request.method,
      headers: {
        authorization: `Bearer ${token}`,
        accept: 'application/json',
        ...(request.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
    });
  } catch {
    throw new AppApiError(fallback, 0);
  }
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    body = null;
  }
  if (!response.ok) throw new AppApiError(apiErrorMessage(body) ?? fallback, response.status);
  return body as T;
}
