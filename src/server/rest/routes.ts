import { Hono } from 'hono';
import type { AppDeps } from '../deps';

/** PostgREST-compatible data API mounted at /rest/v1. */
export function createRestRoutes(_deps: AppDeps): Hono {
  return new Hono();
}
