import { z } from '@hono/zod-openapi';
import { ApiV1Error } from './errors';

/**
 * Opaque cursors over (timestamp, id), newest first. The timestamp is Postgres's own text with
 * microseconds (JS dates keep milliseconds only), so rows inserted meanwhile never shift a page:
 * the next page is exactly the rows strictly older than the last one shown.
 */
export interface Cursor {
  at: string;
  id: string;
}

export const CURSOR_SQL = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

export const PageQuery = {
  limit: z.coerce.number().int().min(1).max(100).default(50).openapi({ description: 'Items per page (1-100).' }),
  cursor: z.string().max(200).optional().openapi({ description: 'next_cursor of the previous page.' }),
};

export function encodeCursor(c: Cursor): string {
  return Buffer.from(JSON.stringify([c.at, c.id]), 'utf8').toString('base64url');
}

export function decodeCursor(text: string | undefined): Cursor | null {
  if (text === undefined) return null;
  try {
    const parsed: unknown = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
    if (Array.isArray(parsed) && parsed.length === 2 && typeof parsed[0] === 'string' && typeof parsed[1] === 'string'
      && /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/.test(parsed[0]) && /^[0-9a-f-]{36}$/i.test(parsed[1])) {
      return { at: parsed[0], id: parsed[1] };
    }
  } catch {
    // falls through to the error below
  }
  throw new ApiV1Error(400, 'invalid_request', 'The cursor is not one this API returned.', { parameter: 'cursor' });
}

/** Splits the limit+1 rows a query fetched into a page and the cursor of the next one. */
export function toPage<T extends { cursor_at: string; id: string }>(rows: T[], limit: number) {
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  const next_cursor = rows.length > limit && last ? encodeCursor({ at: last.cursor_at, id: last.id }) : null;
  return { data: page.map(({ cursor_at: _omit, ...rest }) => rest), next_cursor };
}

export function pageSchema<T extends z.ZodTypeAny>(item: T, name: string) {
  return z.object({ data: z.array(item), next_cursor: z.string().nullable() }).openapi(name);
}
