import type { ContentfulStatusCode } from 'hono/utils/http-status';

interface PgLikeError {
  code?: string;
  message?: string;
}

/** Maps a Postgres error raised by our SQL (RLS, triggers, functions) to a status and a message a person can act on. */
export function pgErrorToHttp(err: unknown): { status: ContentfulStatusCode; error: string } | null {
  if (typeof err !== 'object' || err === null || !('code' in err)) return null;
  const { code, message } = err as PgLikeError;
  if (typeof code !== 'string' || code.length !== 5) return null;
  const text = message ?? 'Database error';
  switch (code) {
    case '42501':
      return { status: 403, error: text.startsWith('new row violates') ? 'You do not have permission to do that' : text };
    case '23505':
      return { status: 409, error: /slug/.test(text) ? 'Organization slug already exists' : text.startsWith('duplicate key') ? 'This already exists' : text };
    case '23503':
      return { status: 409, error: text };
    case 'P0002':
      return { status: 404, error: text };
    case 'P0001':
      return { status: 409, error: text };
    case '22023':
    case '22P02':
    case '23502':
    case '23514':
    case '22001':
      return { status: 400, error: code === '23514' ? 'A value is not allowed: ' + text : text };
    default:
      return null;
  }
}
