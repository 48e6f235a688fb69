import { readFileSync } from 'node:fs';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { generatedFiles } from '../../scripts/db/generated-files';

/**
 * src/shared/database.types.ts and supabase/schema.sql are generated from the migrated schema
 * (`npm run db:generate`); this regenerates both from the suite's own migrated database and fails
 * when a committed file differs, so a migration cannot land without its types and schema dump.
 */
const pool = new pg.Pool({ connectionString: inject('databaseUrl'), max: 1 });
afterAll(() => pool.end());

describe('files generated from the schema', () => {
  it('are current (run `npm run db:generate` after changing supabase/migrations)', async () => {
    for (const file of await generatedFiles(pool)) {
      expect(readFileSync(file.path, 'utf8'), `${file.path} is out of date: run npm run db:generate`).toBe(file.content);
    }
  });
});
