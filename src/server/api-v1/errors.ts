import { z } from '@hono/zod-openapi';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { pgErrorToHttp } from '../http/pg-errors';

/** The one error shape of /api/v1: a stable code for programs, a message for people, details where useful. */
export const ErrorSchema = z
  .object({
    error: z.object({
      code: z.string().openapi({ example: 'invalid_request' }),
      message: z.string(),
      details: z.unknown().optional(),
    }),
  })
  .openapi('Error');

export type ErrorCode =
  | 'invalid_request'
  | 'unauthorized'
  | 'forbidden'
  | 'insufficient_scope'
  | 'plan_required'
  | 'not_found'
  | 'conflict'
  | 'rate_limited'
  | 'payload_too_large'
  | 'internal';

/** Thrown by handlers and middleware; the v1 app's onError turns it into the error shape. */
export class ApiV1Error extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: ErrorCode,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
  }
}

export function errorBody(code: ErrorCode, message: string, details?: unknown) {
  return { error: details === undefined ? { code, message } : { code, message, details } };
}

const DESCRIPTIONS = {
  400: 'Invalid request: unknown or malformed parameters or fields (named in details).',
  401: 'Missing, invalid or revoked credentials.',
  403: 'The key or member may not do this (scope, role, website or plan).',
  404: 'Not found, or not visible to this key or member.',
  409: 'Conflicts with the current state or a plan limit.',
  413: 'The response would be too large; narrow the query or lower limit.',
  429: 'Rate limit reached; retry after the Retry-After header.',
} as const;
type ErrorStatus = keyof typeof DESCRIPTIONS;

/** The error responses an operation documents; every operation lists 400, 401, 403 and 429 at least. */
export function errorResponses(...extra: ErrorStatus[]) {
  const statuses = new Set<ErrorStatus>([400, 401, 403, 429, ...extra]);
  return Object.fromEntries(
    [...statuses].map((s) => [s, { description: DESCRIPTIONS[s], content: { 'application/json': { schema: ErrorSchema } } }]),
  ) as Record<ErrorStatus, { description: string; content: { 'application/json': { schema: typeof ErrorSchema } } }>;
}

/** Postgres errors raised by RLS, triggers and functions become v1 errors with the database's own message. */
export function pgErrorToV1(err: unknown): ApiV1Error | null {
  const mapped = pgErrorToHttp(err);
  if (!mapped) return null;
  const code: ErrorCode =
    mapped.status === 403 ? 'forbidden' : mapped.status === 404 ? 'not_found' : mapped.status === 409 ? 'conflict' : 'invalid_request';
  return new ApiV1Error(mapped.status, code, mapped.error);
}
