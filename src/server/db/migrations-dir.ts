import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * supabase/migrations, found from the source tree (src/server/db), the bundled server
 * (dist/server, one file) or the working directory. It lives in db/ so the operator CLI and the
 * server both reach it without importing server.ts.
 */
export function migrationsDir(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [
    path.resolve(here, '../../../supabase/migrations'),
    path.resolve(here, '../../supabase/migrations'),
    path.resolve('supabase/migrations'),
  ];
  return candidates.find((dir) => existsSync(dir)) ?? candidates[2]!;
}
