import { Hono } from 'hono';
import type { AppDeps } from '../deps';

/** GoTrue-compatible auth API mounted at /auth/v1. */
export function createAuthRoutes(_deps: AppDeps): Hono {
  return new Hono();
}
