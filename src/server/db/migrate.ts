import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Database } from './database';
import type { Logger } from '../logger';

/**
 * Applies supabase/migrations/*.sql in file-name order, each once, each in its own transaction,
 * and records it in tracklint_meta.migrations. An advisory lock keeps two servers from racing.
 */
export async function runMigrations(db: Database, migrationsDir: string, log: Logger): Promise<string[]> {
  const files = readdirSync(migrationsDir).filter((f) => f.endsWith('.sql')).sort();
  const client = await db.pool.connect();
  const applied: string[] = [];
  try {
    await client.query('select pg_advisory_lock(727274)');
    await client.query(`create schema if not exists tracklint_meta;
      create table if not exists tracklint_meta.migrations (name text primary key, applied_at timestamptz not null default now())`);
    const done = new Set((await client.query<{ name: string }>('select name from tracklint_meta.migrations')).rows.map((r) => r.name));
    for (const file of files) {
      if (done.has(file)) continue;
      const sql = readFileSync(path.join(migrationsDir, file), 'utf8');
      try {
        await client.query('begin');
        await client.query(sql);
        await client.query('insert into tracklint_meta.migrations(name) values ($1)', [file]);
        await client.query('commit');
      } catch (err) {
        await client.query('rollback').catch(() => {});
        throw new Error(`Migration ${file} failed: ${err instanceof Error ? err.message : String(err)}`);
      }
      applied.push(file);
      log.info({ file }, 'migration applied');
    }
  } finally {
    await client.query('select pg_advisory_unlock(727274)').catch(() => {});
    client.release();
  }
  return applied;
}
