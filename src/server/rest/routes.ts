import { Hono, type Context } from 'hono';
import type { AppDeps } from '../deps';
import { RestError } from './errors';
import { handled } from './execute';
import { callFunction, mutateTable, readTable } from './handlers';
import { loadSchemaCache, SchemaCacheStore } from './schema-loader';

/** PUT (single-row upsert by primary key) is not implemented; supabase-js never sends it. */
function unsupportedMethod(c: Context): Promise<Response> {
  return Promise.reject(new RestError(405, 'PGRST117', `Unsupported HTTP method: ${c.req.method}`));
}

/**
 * PostgREST-compatible data API mounted at /rest/v1, enough for supabase-js's query builder.
 * Every request runs in one transaction under the caller's role (db.asCaller), so Postgres
 * row-level security decides what is visible and writable.
 */
export function createRestRoutes(deps: AppDeps): Hono {
  const app = new Hono();
  const env = { deps, store: new SchemaCacheStore(() => loadSchemaCache(deps.db.pool)) };

  // Hono answers HEAD with the GET route and drops the body.
  app.get('/rpc/:fn', handled(deps, callFunction(env)));
  app.post('/rpc/:fn', handled(deps, callFunction(env)));
  app.get('/:table', handled(deps, readTable(env)));
  app.post('/:table', handled(deps, mutateTable(env, 'insert')));
  app.patch('/:table', handled(deps, mutateTable(env, 'update')));
  app.delete('/:table', handled(deps, mutateTable(env, 'delete')));
  app.on(['PUT'], ['/:table', '/rpc/:fn'], handled(deps, unsupportedMethod));
  app.on(['PATCH', 'DELETE'], '/rpc/:fn', handled(deps, (c) => Promise.reject(new RestError(405, 'PGRST101', `Cannot use the ${c.req.method} method on RPC`))));
  return app;
}
