import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

/** An error whose message is safe and useful to show to the caller. */
export class HttpError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
  ) {
    super(message);
  }
}

/** Parses a JSON body, turning malformed JSON into a 400 instead of a crash. */
export async function readJson<T = unknown>(c: Context): Promise<T> {
  const text = await c.req.text();
  if (text.trim() === '') return {} as T;
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new HttpError(400, 'Request body is not valid JSON');
  }
}
