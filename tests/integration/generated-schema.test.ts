import { readFileSync } from 'node:fs';
import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { createDatabase } from '../../src/server/db/database';
import { runMigrations } from '../../src/server/db/migrate';
import { migrationsDir } from '../../src/server/db/migrations-dir';
import { createLogger } from '../../src/server/logger';
import { generatedFiles } from '../../scripts/db/generated-files';

/**
 * src/shared/database.types.ts and supabase/schema.sql are generated from the migrated schema
 * (`npm run db:generate`); this migrates a fresh database in the suite's Postgres (the shared one
 * holds what other tests created), regenerates both and fails when a committed file differs, so a
 * migration cannot land without its types and schema dump.
 */
describe('files generated from the schema', () => {
  it('are current (run `npm run db:generate` after changing supabase/migrations)', async () => {
    const admin = new pg.Client({ connectionString: inject('databaseUrl') });
    await admin.connect();
    const name = `schema_check_${Date.now().toString(36)}`;
    await admin.query(`create database ${name}`);
    const url = new URL(inject('databaseUrl'));
    url.pathname = `/${name}`;
    const db = createDatabase(url.toString(), 2);
    try {
      await runMigrations(db, migrationsDir(), createLogger('warn'));
      for (const file of await generatedFiles(db.pool)) {
        expect(readFileSync(file.path, 'utf8'), `${file.path} is out of date: run npm run db:generate`).toBe(file.content);
      }
    } finally {
      await db.pool.end();
      await admin.query(`drop database ${name}`);
      await admin.end();
    }
  }, 120_000);
});
