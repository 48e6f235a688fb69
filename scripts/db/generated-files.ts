import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateDatabaseTypes } from './database-types';
import type { Queryable } from './queryable';
import { dumpSchema } from './schema-dump';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Every file generated from the migrated schema, with its content (written by db:generate, compared by the test). */
export async function generatedFiles(db: Queryable): Promise<{ path: string; content: string }[]> {
  return [
    { path: path.join(root, 'src/shared/database.types.ts'), content: await generateDatabaseTypes(db) },
    { path: path.join(root, 'supabase/schema.sql'), content: await dumpSchema(db) },
  ];
}
