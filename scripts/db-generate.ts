/**
 * `npm run db:generate`: migrates a fresh embedded Postgres in a temporary directory and writes
 * what is generated from its schema: src/shared/database.types.ts (the `Database` type
 * supabase-js is created with) and supabase/schema.sql (the whole schema in one file).
 * tests/integration/generated-schema.test.ts fails when either is out of date.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createDatabase } from '../src/server/db/database';
import { startEmbeddedPostgres } from '../src/server/db/embedded';
import { runMigrations } from '../src/server/db/migrate';
import { migrationsDir } from '../src/server/db/migrations-dir';
import { createLogger } from '../src/server/logger';
import { generatedFiles } from './db/generated-files';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'tracklint-db-generate-'));
const log = createLogger('warn');
const embedded = await startEmbeddedPostgres(dataDir, 0, log);
const db = createDatabase(embedded.connectionString, 2);
try {
  await runMigrations(db, migrationsDir(), log);
  for (const file of await generatedFiles(db.pool)) {
    writeFileSync(file.path, file.content);
    console.log(`wrote ${path.relative(process.cwd(), file.path)}`);
  }
} finally {
  await db.pool.end();
  await embedded.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
