import type { ContentfulStatusCode } from 'hono/utils/http-status';

/** PostgREST's error body: every error the data API returns has exactly these four keys. */
export interface PostgrestErrorBody {
  code: string;
  message: string;
  details: unknown;
  hint: unknown;
}

/** An error with PostgREST's shape and status; handlers turn it into the response as is. */
export class RestError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: string,
    message: string,
    readonly details: unknown = null,
    readonly hint: unknown = null,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }

  toBody(): PostgrestErrorBody {
    return { code: this.code, message: this.message, details: this.details, hint: this.hint };
  }
}

/** PGRST100: the query string could not be parsed. */
export function queryParseError(what: string, input: string, column: number, details: string): RestError {
  return new RestError(400, 'PGRST100', `"failed to parse ${what} (${input})" (line 1, column ${column})`, details);
}

export function invalidBodyError(message = 'Empty or invalid json'): RestError {
  return new RestError(400, 'PGRST102', message);
}

export function tableNotFoundError(name: string, suggestion?: string): RestError {
  return new RestError(
    404,
    'PGRST205',
    `Could not find the table 'public.${name}' in the schema cache`,
    null,
    suggestion ? `Perhaps you meant the table 'public.${suggestion}'` : null,
  );
}

export function functionNotFoundError(name: string, argNames: string[], isPost: boolean): RestError {
  const params = argNames.length === 0 ? ' without parameters' : `(${argNames.join(', ')})`;
  const withParams =
    argNames.length === 0 ? ' without parameters' : ` with parameter${argNames.length > 1 ? 's' : ''} ${argNames.join(', ')}`;
  return new RestError(
    404,
    'PGRST202',
    `Could not find the function public.${name}${params} in the schema cache`,
    `Searched for the function public.${name}${withParams}${isPost ? ' or with a single unnamed json/jsonb parameter' : ''}, but no matches were found in the schema cache.`,
  );
}

/** Mirrors the message Postgres itself gives, so callers see the same error PostgREST would pass through. */
export function columnNotFoundError(table: string, column: string): RestError {
  return new RestError(400, '42703', `column ${table}.${column} does not exist`);
}

/** PGRST204: a column named in a request body or `columns` does not exist. */
export function payloadColumnNotFoundError(table: string, column: string): RestError {
  return new RestError(400, 'PGRST204', `Could not find the '${column}' column of '${table}' in the schema cache`);
}

export function singularityError(rows: number): RestError {
  return new RestError(406, 'PGRST116', 'JSON object requested, multiple (or no) rows returned', `The result contains ${rows} rows`);
}

export function jwtError(message: string): RestError {
  return new RestError(401, 'PGRST301', message, null, null, {
    'WWW-Authenticate': `Bearer error="invalid_token", error_description="${message.replace(/"/g, "'")}"`,
  });
}

/** A Postgres error as the pg driver reports it. */
interface PgDriverError {
  code: string;
  message: string;
  detail?: string;
  hint?: string;
}

function isPgDriverError(err: unknown): err is PgDriverError {
  return (
    typeof err === 'object' &&
    err !== null &&
    typeof (err as { code?: unknown }).code === 'string' &&
    /^[0-9A-Z]{5}$/.test((err as { code: string }).code) &&
    typeof (err as { message?: unknown }).message === 'string'
  );
}

/** PostgREST's SQLSTATE → HTTP status table (PostgREST.Error.mapSQLtoHTTP). */
export function statusForSqlState(code: string, message: string, authenticated: boolean): ContentfulStatusCode {
  const exact: Record<string, ContentfulStatusCode> = {
    '23503': 409,
    '23505': 409,
    '25006': 405,
    '53400': 500,
    '57P01': 503,
    P0001: 400,
    '42P01': 404,
    '42P17': 500,
  };
  if (code === '42501') return authenticated ? 403 : 401;
  // Tracklint's functions raise P0002 for "not found" (a row the caller cannot see or that does
  // not exist): that is the caller's 404, not the server's 500 PostgREST gives every P0 code.
  if (code === 'P0002') return 404;
  // Writing into a view Postgres cannot update (55000 "cannot insert into view ...") is a method
  // the resource does not allow.
  if (code === '55000' && /^cannot (insert into|update|delete from) view /.test(message)) return 405;
  if (code === '42883') return 404;
  if (code === '21000') return message.endsWith('requires a WHERE clause') ? 400 : 500;
  if (code === '22023') return message.startsWith('role') && message.endsWith('does not exist') ? 401 : 400;
  const hit = exact[code];
  if (hit) return hit;
  if (code.startsWith('PT')) {
    const n = Number(code.slice(2));
    return (Number.isInteger(n) && n >= 200 && n <= 599 ? n : 500) as ContentfulStatusCode;
  }
  const prefixes: [string, ContentfulStatusCode][] = [
    ['08', 503],
    ['09', 500],
    ['0L', 403],
    ['0P', 403],
    ['25', 500],
    ['28', 403],
    ['2D', 500],
    ['38', 500],
    ['39', 500],
    ['3B', 500],
    ['40', 500],
    ['53', 503],
    ['54', 500],
    ['55', 500],
    ['57', 500],
    ['58', 500],
    ['F0', 500],
    ['HV', 500],
    ['P0', 500],
    ['XX', 500],
  ];
  for (const [prefix, status] of prefixes) if (code.startsWith(prefix)) return status;
  return 400;
}

/** Turns anything thrown while serving a request into a RestError, or null when it is not ours to explain. */
export function toRestError(err: unknown, authenticated: boolean): RestError | null {
  if (err instanceof RestError) return err;
  if (!isPgDriverError(err)) return null;
  const status = statusForSqlState(err.code, err.message, authenticated);
  const headers: Record<string, string> = status === 401 ? { 'WWW-Authenticate': 'Bearer' } : {};
  return new RestError(status, err.code, err.message, err.detail ?? null, err.hint ?? null, headers);
}
