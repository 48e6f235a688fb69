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

/** Sends one request with the signed-in user's token; any non-2xx answer throws the server's `error` text (or `fallback`). */
async function send(client: TracklintClient, baseUrl: string, request: { method: AppApiRequest['method']; path: string; accept: string; body?: { text: string; contentType: string } }, fallback: string, fetchImpl: typeof fetch): Promise<Response> {
  const { data } = await client.auth.getSession();
  const token = data.session?.access_token;
  if (!token) throw new AppApiError('Not authenticated', 401);
  let response: Response;
  try {
    response = await fetchImpl(`${baseUrl.replace(/\/+$/, '')}${request.path}`, {
      method: request.method,
      headers: {
        authorization: `Bearer ${token}`,
        accept: request.accept,
        ...(request.body === undefined ? {} : { 'content-type': request.body.contentType }),
      },
      body: request.body?.text,
    });
  } catch {
    throw new AppApiError(fallback, 0);
  }
  if (!response.ok) {
    let body: unknown = null;
    try {
      body = await response.json();
    } catch {
      body = null;
    }
    throw new AppApiError(apiErrorMessage(body) ?? fallback, response.status);
  }
  return response;
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
  const body = request.body === undefined ? undefined : { text: JSON.stringify(request.body), contentType: 'application/json' };
  const response = await send(client, baseUrl, { method: request.method, path: request.path, accept: 'application/json', ...(body ? { body } : {}) }, fallback, fetchImpl);
  try {
    return (await response.json()) as T;
  } catch {
    return null as T;
  }
}

/** A file the app API answered with: its text and the name its content-disposition gives. */
export interface AppApiFile {
  text: string;
  filename: string | null;
  contentType: string;
}

/** The file name of a `content-disposition: attachment; filename="…"` header, or null. */
export function attachmentFilename(header: string | null): string | null {
  const match = header ? /filename="([^"]*)"/.exec(header) : null;
  return match?.[1] || null;
}

/**
 * Calls the app API with a file as the body (text: JSON, CSV) and/or for a file as the answer
 * (exports), where appApiRequest speaks JSON both ways. Errors as appApiRequest.
 */
export async function appApiFileRequest(
  client: TracklintClient,
  baseUrl: string,
  request: { method: 'GET' | 'POST'; path: string; file?: { text: string; contentType: string } },
  fallback: string,
  fetchImpl: typeof fetch = fetch,
): Promise<AppApiFile> {
  const response = await send(client, baseUrl, { method: request.method, path: request.path, accept: '*/*', ...(request.file ? { body: request.file } : {}) }, fallback, fetchImpl);
  return { text: await response.text(), filename: attachmentFilename(response.headers.get('content-disposition')), contentType: response.headers.get('content-type') ?? '' };
}
