import pg from 'pg';

export type SqlClient = pg.PoolClient;

/** The claims of a verified JWT (or of the anon key) under which a data request runs. */
export interface RequestClaims {
  role: 'anon' | 'authenticated' | 'service_role';
  sub?: string;
  email?: string;
  [claim: string]: unknown;
}

const allowedRoles = new Set(['anon', 'authenticated', 'service_role']);

/**
 * Hosted Supabase's per-role statement timeouts: one client's costly query (a huge embed, an
 * unindexed filter) is cancelled instead of holding a connection every tenant shares.
 * PostgREST applies them per transaction too, since SET ROLE does not read role settings.
 */
const STATEMENT_TIMEOUT: Record<RequestClaims['role'], string> = { anon: '3s', authenticated: '8s', service_role: '60s' };

export interface Database {
  pool: pg.Pool;
  /** Runs fn in a transaction as the server's own privileged user (auth service, migrations, collector). */
  transaction<T>(fn: (client: SqlClient) => Promise<T>): Promise<T>;
  /**
   * Runs fn in a transaction under the caller's Postgres role with `request.jwt.claims` set,
   * exactly as PostgREST does, so row-level security decides what the caller may see or change.
   */
  asCaller<T>(claims: RequestClaims, fn: (client: SqlClient) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export function createDatabase(connectionString: string, max = 20): Database {
  const pool = new pg.Pool({ connectionString, max });
  // An idle client losing its connection (e.g. Postgres restarting) must not crash the server.
  pool.on('error', () => {});

  async function transaction<T>(fn: (client: SqlClient) => Promise<T>, setup?: (c: SqlClient) => Promise<void>): Promise<T> {
    const client = await pool.connect();
    try {
      await client.query('begin');
      if (setup) await setup(client);
      const result = await fn(client);
      await client.query('commit');
      return result;
    } catch (err) {
      await client.query('rollback').catch(() => {});
      throw err;
    } finally {
      client.release();
    }
  }

  return {
    pool,
    transaction: (fn) => transaction(fn),
    asCaller: (claims, fn) => {
      if (!allowedRoles.has(claims.role)) throw new Error(`role ${String(claims.role)} is not allowed`);
      return transaction(fn, async (client) => {
        await client.query(
          `select set_config('role', $1, true), set_config('request.jwt.claims', $2, true),
                  set_config('request.jwt.claim.sub', $3, true), set_config('request.jwt.claim.role', $1, true),
                  set_config('statement_timeout', $4, true)`,
          [claims.role, JSON.stringify(claims), claims.sub ?? '', STATEMENT_TIMEOUT[claims.role]],
        );
      });
    },
    close: () => pool.end(),
  };
}
