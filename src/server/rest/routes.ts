import { Hono } from 'hono';
import type { AppDeps } from '../deps';
import { handled } from './execute';
import { callFunction, mutateTable, readTable } from './handlers';
import { loadSchemaCache, SchemaCacheStore } from './schema-loader';

/**
 * PostgREST-compatible data API mounted at /rest/v1, enough for supabase-js's query builder.
 * Every request runs in one transaction under the caller's role (db.asCaller), so Postgres
 * row-level security decides what is visible and writable.
 */
export function createRestRoutes(deps: AppDeps): Hono {
  const app = new Hono();
  const env = { deps, store: new SchemaCacheStore(() => loadSchemaCache(deps.db.pool)) };

  // Hono answers HEAD with the GET route and drops the body; the handlers skip building it.
  app.get('/rpc/:fn', handled(deps, callFunction(env)));
  app.post('/rpc/:fn', handled(deps, callFunction(env)));
  app.get('/:table', handled(deps, readTable(env)));
  app.post('/:table', handled(deps, mutateTable(env, 'insert')));
  app.patch('/:table', handled(deps, mutateTable(env, 'update')));
  app.delete('/:table', handled(deps, mutateTable(env, 'delete')));
  return app;
}
